/** The home page's media block: the latest posts as cards. */

import type { PostSummary } from '../../../contract/gateway/media'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Card } from '../../ui/card'
import { CardGrid } from '../../ui/card-grid'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { imageSrc } from './image'

export function LatestPosts({ dataKey }: { dataKey: Key<PostSummary[]> }) {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const { data, error } = usePayload(dataKey)
  if (error) return <ErrorState error={error} headingLevel={3} />
  const posts = data?.content ?? []
  if (!posts.length) return <EmptyState headingLevel={3} title={t('home.media.empty')} />
  return (
    <CardGrid columns={3} label={t('home.media.title')}>
      {posts.map((post) => {
        const src = imageSrc(post.photo, true)
        return (
          <Card
            key={post.id}
            to={href('post', { locale, params: { id: String(post.id) } })}
            title={post.title}
            kicker={t(`menu.media.${post.category}`)}
            meta={<time dateTime={post.publish_date}>{f.date(post.publish_date)}</time>}
            image={src ? { src, alt: '' } : null}
          />
        )
      })}
    </CardGrid>
  )
}
