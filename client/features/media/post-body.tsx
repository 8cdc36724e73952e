/** A post's breadcrumbs and article (kicker, title, date, author, photo, text, files, share links), kept as drawn. */

import { isPostCategory } from '../../../shared/keys/media-keys'
import { postPlan } from '../../../shared/plans/media'
import { href } from '../../../shared/routing/match'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { Article } from './article'
import { FileList } from './file-list'
import { photoLink } from './media-utils'
import { ShareLinks } from './share-links'

/** Inside the post page's `<div class="container">`. */
export function PostBody() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(postPlan)
  const { data } = usePayload(keys.post)
  const post = data?.content
  if (!post) return null
  const category = isPostCategory(post.category) ? post.category : null
  const author = [post.author?.firstName, post.author?.lastName].filter(Boolean).join(' ')
  return (
    <>
      <Breadcrumbs
        items={[
          ...(category
            ? [{ label: t(`media.types.${category}`), to: href('media', { locale, params: { id: category } }) }]
            : []),
          { label: post.title },
        ]}
      />
      <Article
        kicker={category ? t(`media.kicker.${category}`) : null}
        title={post.title}
        date={post.publish_date}
        author={author ? t('media.author', { name: author }) : undefined}
        photo={photoLink(post.photo)}
        html={post.content}
        aside={
          <>
            <FileList files={post.files ?? []} title={t('media.files')} />
            <ShareLinks title={post.title} />
          </>
        }
      />
    </>
  )
}
