/** `/story/{id}`: one success story: summary as the lead, photo, the story itself and share links. */

import { storyPlan } from '../../../shared/plans/media'
import { href } from '../../../shared/routing/match'
import { Article } from '../../features/media/article'
import { photoLink } from '../../features/media/media-utils'
import { ShareLinks } from '../../features/media/share-links'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Button } from '../../ui/button'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(storyPlan)
  const { data } = usePayload(keys.story)
  const story = data?.content
  if (!story) return null
  const photo = photoLink(story.photo)
  return (
    <main id="main" className="page media-page">
      <PageTitle title={story.title} description={story.summary || undefined} />
      <div className="container">
        <Breadcrumbs
          items={[{ label: t('routes.stories'), to: href('story-list', { locale }) }, { label: story.title }]}
        />
        <Article
          kicker={t('media.kicker.story')}
          title={story.title}
          lead={story.summary}
          date={story.publish_date}
          photo={photo}
          html={story.content}
          aside={<ShareLinks title={story.title} />}
        />
        <aside className="story-cta panel" aria-labelledby="story-cta-title">
          <h2 id="story-cta-title">{t('media.story.ctaTitle')}</h2>
          <p>{t('media.story.ctaText')}</p>
          <div className="cluster">
            <Button to={href('guide-register-investor', { locale })} label={t('media.story.ctaRegister')} />
            <Button variant="outline" to={href('story-list', { locale })} label={t('media.story.ctaMore')} />
          </div>
        </aside>
      </div>
    </main>
  )
}
