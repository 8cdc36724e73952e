/** `/post/{id}`: one article with its photo, author, attached files, share links and more from its category. */
import { href } from '../../shared/match'
import { isPostCategory } from '../../shared/media-keys'
import { postPlan } from '../../shared/plans/media'
import { Breadcrumbs } from '../components/breadcrumbs'
import { describeHtml } from '../components/site/describe'
import { Article } from '../components/media/article'
import { FileList } from '../components/media/file-list'
import { RelatedPosts } from '../components/media/related-posts'
import { ShareLinks } from '../components/media/share-links'
import type { Post } from '../components/media/types'
import { PageTitle } from '../components/page-title'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { useRouteData } from '../router'

/** The first sentences of the article for the description meta tag. */
function summaryOf(html: string | undefined): string | undefined {
  return describeHtml(html, 180)
}

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(postPlan)
  const { data } = usePayload<Post>(keys.post)
  const post = data?.content
  if (!post) return null
  const category = isPostCategory(post.category) ? post.category : null
  const author = [post.author?.firstName, post.author?.lastName].filter(Boolean).join(' ')
  const photo = post.photo?.download_link
  return (
    <main id="main" className="page media-page">
      <PageTitle title={post.title} description={post.description || summaryOf(post.content)} />
      <div className="container">
        <Breadcrumbs
          items={[
            ...(category ? [{ label: t(`media.types.${category}`), to: href('media', { locale, params: { id: category } }) }] : []),
            { label: post.title },
          ]}
        />
        <Article
          kicker={category ? t(`media.kicker.${category}`) : null}
          title={post.title}
          date={post.publish_date}
          author={author ? t('media.author', { name: author }) : undefined}
          photo={photo}
          html={post.content}
          aside={
            <>
              <FileList files={post.files ?? []} title={t('media.files')} />
              <ShareLinks title={post.title} />
            </>
          }
        />
      </div>
      {category ? (
        <div className="container">
          <RelatedPosts post={post} category={category} />
        </div>
      ) : null}
    </main>
  )
}
