/** The cards of the related posts: its own chunk, loaded in the browser, as the list is fetched there anyway. */
import type { Id } from '../../../contract/gateway/common'
import { mediaKeys, type PostCategory, RELATED_SIZE } from '../../../shared/keys/media-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useBrowserPayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { SkeletonCardGrid } from '../../ui/skeleton'
import { cardImage } from './media-utils'

export function RelatedList({ postId, category, label }: { postId: Id; category: PostCategory; label: string }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { data, error } = useBrowserPayload(mediaKeys.related(category))
  if (error) return null
  if (!data) return <SkeletonCardGrid count={RELATED_SIZE - 1} label={t('media.loading')} />
  const items = data.content.filter((p) => p.id !== postId).slice(0, RELATED_SIZE - 1)
  if (!items.length) return <p className="muted">{t('media.empty.title')}</p>
  return (
    <CardGrid label={label}>
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
  )
}
