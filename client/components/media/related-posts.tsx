/**
 * More posts of the same category under a post. The category is known only once the post has loaded, so this list
 * is fetched by the browser after the page is shown; without JavaScript the link to the category stays.
 */
import { href } from '../../../shared/match'
import { mediaKeys, RELATED_SIZE, type PostCategory } from '../../../shared/media-keys'
import { usePayload } from '../../data'
import { useLocale, useT } from '../../i18n'
import { Link } from '../../router'
import { Card } from '../card'
import { CardGrid } from '../card-grid'
import { useFormat } from '../format'
import { Icon } from '../icon'
import { SkeletonCardGrid } from '../skeleton'
import { cardImage } from './media-utils'
import type { Post } from './types'

export function RelatedPosts({ post, category }: { post: Post; category: PostCategory }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { data, error } = usePayload<Post[]>(mediaKeys.related(category))
  const items = (data?.content ?? []).filter((p) => p.id !== post.id).slice(0, RELATED_SIZE - 1)
  if (error || (data && !items.length)) return null
  return (
    <section className="section related-posts" aria-labelledby="related-title">
      <div className="section__header">
        <h2 id="related-title">{t('media.related.title', { category: t(`media.types.${category}`) })}</h2>
        <Link to={href('media', { locale, params: { id: category } })} className="section__more">
          {t('media.related.all', { category: t(`media.types.${category}`) })}
          <Icon name="arrow-right" />
        </Link>
      </div>
      <div className="related-posts__list">
        {data ? (
          <CardGrid label={t('media.related.title', { category: t(`media.types.${category}`) })}>
            {items.map((p) => (
              <Card
                key={p.id}
                to={href('post', { locale, params: { id: String(p.id) } })}
                title={p.title}
                kicker={t(`media.kicker.${p.category || category}`)}
                image={cardImage(p.photo)}
                meta={<time dateTime={p.publish_date}>{f.date(p.publish_date)}</time>}
              />
            ))}
          </CardGrid>
        ) : (
          <SkeletonCardGrid count={RELATED_SIZE - 1} label={t('media.loading')} />
        )}
      </div>
    </section>
  )
}
