/**
 * More posts of the same category under a post. The category is known only once the post has loaded, so the list is
 * fetched by the browser when the section comes near the viewport, and its cards come in their own chunk then;
 * without JavaScript the heading and the link to the category stay.
 */
import { Suspense, useRef } from 'react'
import type { Post } from '../../../contract/gateway/media'
import type { PostCategory } from '../../../shared/keys/media-keys'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { lazyComponent } from '../../runtime/lazy-component'
import { Link } from '../../runtime/router'
import { useNearViewport } from '../../runtime/visibility'

const RelatedList = lazyComponent(() => import('./related-list').then((m) => m.RelatedList))

export function RelatedPosts({ post, category }: { post: Post; category: PostCategory }) {
  const t = useT()
  const locale = useLocale()
  const name = t(`media.types.${category}`)
  const title = t('media.related.title', { category: name })
  const list = useRef<HTMLDivElement>(null)
  const near = useNearViewport(list)
  return (
    <section className="section related-posts" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title">{title}</h2>
        <Link to={href('media', { locale, params: { id: category } })} className="section__more">
          {t('media.related.all', { category: name })}
        </Link>
      </div>
      <div className="related-posts__list" ref={list}>
        {near ? (
          <Suspense fallback={<div className="related-posts__placeholder" />}>
            <RelatedList postId={post.id} category={category} label={title} />
          </Suspense>
        ) : (
          <div className="related-posts__placeholder" />
        )}
      </div>
    </section>
  )
}
