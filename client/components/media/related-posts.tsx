/**
 * More posts of the same category under a post. The category is known only once the post has loaded, so the list is
 * fetched by the browser after the page is shown, and its cards come in their own chunk; without JavaScript the
 * heading and the link to the category stay.
 */
import { lazy, Suspense } from 'react'
import { href } from '../../../shared/match'
import type { PostCategory } from '../../../shared/media-keys'
import { useLocale, useT } from '../../i18n'
import { Link } from '../../router'
import { Icon } from '../icon'
import type { Post } from './types'

const RelatedList = lazy(() => import('./related-list').then((m) => ({ default: m.RelatedList })))

export function RelatedPosts({ post, category }: { post: Post; category: PostCategory }) {
  const t = useT()
  const locale = useLocale()
  const name = t(`media.types.${category}`)
  const title = t('media.related.title', { category: name })
  return (
    <section className="section related-posts" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title">{title}</h2>
        <Link to={href('media', { locale, params: { id: category } })} className="section__more">
          {t('media.related.all', { category: name })}
          <Icon name="arrow-right" />
        </Link>
      </div>
      <div className="related-posts__list">
        <Suspense fallback={<div className="related-posts__placeholder" />}>
          <RelatedList postId={post.id} category={category} label={title} />
        </Suspense>
      </div>
    </section>
  )
}
