/** `/story`: investors' success stories as cards with their summary; paged. */
import { href } from '../../../shared/match'
import { MEDIA_PAGE_SIZE } from '../../../shared/media-keys'
import { storyListPlan } from '../../../shared/plans/media'
import { Card } from '../../components/card'
import { useFormat } from '../../components/format'
import { ListSection } from '../../components/media/list-section'
import { MediaHeader } from '../../components/media/media-header'
import { cardImage } from '../../components/media/media-utils'
import { PageTitle } from '../../components/page-title'
import { useLocale, useT } from '../../i18n'
import { useRouteData } from '../../router'

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
