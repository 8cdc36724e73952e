/** `/media/{type}`: news, publications, PR materials and blog posts as cards, or the photo galleries; paged. */

import { MEDIA_PAGE_SIZE } from '../../../shared/keys/media-keys'
import { mediaPlan } from '../../../shared/plans/media'
import { href } from '../../../shared/routing/match'
import { ListSection } from '../../features/media/list-section'
import { MediaHeader } from '../../features/media/media-header'
import { cardImage } from '../../features/media/media-utils'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Card } from '../../ui/card'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { params, query, keys } = useRouteData(mediaPlan)
  const type = params.id
  const page = query.page ?? 0
  const title = t(`media.types.${type}`)
  const list = {
    size: MEDIA_PAGE_SIZE,
    page,
    routeId: 'media',
    params: { id: type },
    label: title,
  } as const
  return (
    <main id="main" className="page page--flush media-page">
      <PageTitle
        title={page > 0 ? t('media.pageTitle', { title, page: page + 1 }) : title}
        description={t(`media.intro.${type}`)}
      />
      <MediaHeader
        title={title}
        lead={t(`media.intro.${type}`)}
        // News is the media section's landing page, so it needs no "Media" crumb of its own.
        crumbs={
          type === 'news'
            ? [{ label: title }]
            : [{ label: t('routes.media'), to: href('media', { locale, params: { id: 'news' } }) }, { label: title }]
        }
        current={type}
      />
      <div className="container media-page__body">
        {keys.galleries ? (
          <ListSection
            {...list}
            dataKey={keys.galleries}
            renderItem={(g, i) => (
              <Card
                key={g.id}
                to={href('gallery', { locale, params: { id: String(g.id) } })}
                title={g.title}
                kicker={t('media.types.gallery')}
                image={cardImage(g.files?.[0])}
                headingLevel={2}
                priority={i === 0}
                meta={[
                  <time key="d" dateTime={g.publish_date}>
                    {f.date(g.publish_date)}
                  </time>,
                  t('media.photos', { count: g.files?.length ?? 0 }),
                ]}
              />
            )}
          />
        ) : keys.posts ? (
          <ListSection
            {...list}
            dataKey={keys.posts}
            renderItem={(p, i) => (
              <Card
                key={p.id}
                to={href('post', { locale, params: { id: String(p.id) } })}
                title={p.title}
                kicker={t(`media.kicker.${p.category || type}`)}
                image={cardImage(p.photo)}
                headingLevel={2}
                priority={i === 0}
                meta={<time dateTime={p.publish_date}>{f.date(p.publish_date)}</time>}
              />
            )}
          />
        ) : null}
      </div>
    </main>
  )
}
