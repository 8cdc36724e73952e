/**
 * `/post/{id}`: one article with its photo, author, attached files, share links and more from its category. The
 * article is kept as the edge drew it (`features/media/post-body.tsx`); the related posts load in the browser.
 */
import { isPostCategory } from '../../shared/keys/media-keys'
import { postPlan } from '../../shared/plans/media'
import { RelatedPosts } from '../features/media/related-posts'
import { describeHtml } from '../features/site/describe'
import { usePayload } from '../runtime/data'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { PageTitle } from '../ui/page-title'

const PostBody = staticSection(() => import('../features/media/post-body').then((m) => m.PostBody))
export const preload = PostBody.preload

export function Page() {
  const { keys } = useRouteData(postPlan)
  const { data } = usePayload(keys.post)
  const post = data?.content
  if (!post) return null
  const category = isPostCategory(post.category) ? post.category : null
  return (
    <main id="main" className="page media-page">
      <PageTitle title={post.title} description={post.description || describeHtml(post.content, 180)} />
      <PostBody as="div" className="container" props={{}} />
      {category ? (
        <div className="container">
          <RelatedPosts post={post} category={category} />
        </div>
      ) : null}
    </main>
  )
}
