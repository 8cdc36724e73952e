/** `/post/{id}`: one article with its photo, author, attached files, share links and more from its category. */
import { href } from '../../shared/match'
import { isPostCategory, mediaKeys } from '../../shared/media-keys'
import { Breadcrumbs } from '../components/breadcrumbs'
import { useFormat } from '../components/format'
import { HtmlContent } from '../components/html-content'
import { describeHtml } from '../components/site/describe'
import { Icon } from '../components/icon'
import { FileList } from '../components/media/file-list'
import { RelatedPosts } from '../components/media/related-posts'
import { ShareLinks } from '../components/media/share-links'
import type { Post } from '../components/media/types'
import { PageTitle } from '../components/page-title'
import { usePayload } from '../data'
import { useLocale, useT } from '../i18n'
import { useRouter } from '../router'

/** The first sentences of the article for the description meta tag. */
function summaryOf(html: string | undefined): string | undefined {
  return describeHtml(html, 180)
}

export function Page() {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { route } = useRouter()
  const { data } = usePayload<Post>(mediaKeys.post(route.params.id!))
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
        <article className="article" aria-labelledby="article-title">
          <header className="article__header">
            {category ? <p className="article__kicker">{t(`media.kicker.${category}`)}</p> : null}
            <h1 id="article-title" className="article__title">{post.title}</h1>
            <p className="article__meta">
              <span><Icon name="calendar" /> <time dateTime={post.publish_date}>{f.date(post.publish_date)}</time></span>
              {author ? <span><Icon name="user" /> {t('media.author', { name: author })}</span> : null}
            </p>
          </header>
          {photo ? (
            <figure className="article__photo">
              <img src={photo} alt="" width={1200} height={675} decoding="async" fetchPriority="high" />
            </figure>
          ) : null}
          <div className="article__body">
            <HtmlContent html={post.content} />
            <div className="article__aside">
              <FileList files={post.files ?? []} title={t('media.files')} />
              <ShareLinks title={post.title} />
            </div>
          </div>
        </article>
      </div>
      {category ? (
        <div className="container">
          <RelatedPosts post={post} category={category} />
        </div>
      ) : null}
    </main>
  )
}
