/** `/story`: investors' success stories as cards with their summary; paged. */

import { MEDIA_PAGE_SIZE } from '../../../shared/keys/media-keys'
import { storyListPlan } from '../../../shared/plans/media'
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
  const { query, keys } = useRouteData(storyListPlan)
  const page = query.page ?? 0
  const title = t('routes.stories')
  return (
    <main id="main" className="page page--flush media-page">
      <PageTitle
        title={page > 0 ? t('media.pageTitle', { title, page: page + 1 }) : title}
        description={t('media.intro.story')}
      />
      <MediaHeader
        title={title}
        lead={t('media.intro.story')}
        crumbs={[{ label: t('routes.media'), to: href('media', { locale, params: { id: 'news' } }) }, { label: title }]}
        current="story"
      />
      <div className="container media-page__body">
        <ListSection
          dataKey={keys.list}
          size={MEDIA_PAGE_SIZE}
          page={page}
          routeId="story-list"
          label={title}
          renderItem={(s, i) => (
            <Card
              key={s.id}
              to={href('story', { locale, params: { id: String(s.id) } })}
              title={s.title}
              kicker={t('media.kicker.story')}
              image={cardImage(s.photo)}
              headingLevel={2}
              priority={i === 0}
              description={s.summary ? <p>{s.summary}</p> : undefined}
              meta={<time dateTime={s.publish_date}>{f.date(s.publish_date)}</time>}
            />
          )}
        />
      </div>
    </main>
  )
}
