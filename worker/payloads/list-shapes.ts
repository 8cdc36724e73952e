/**
 * List payloads carry what list views render. docs/gateway-contract.md's post and story lists return whole articles;
 * their bodies
 * would otherwise be cached, embedded in every list page and re-parsed on hydration, unread.
 */
import type { Envelope } from '../../contract/gateway/common'

/**
 * Item fields the edge drops from a list key's `content`, by the key's path (detail keys such as `post/1` never match).
 */
const UNREAD_LIST_FIELDS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/siw\/public\/post(?:\?|$)/, ['content']],
  [/^\/siw\/public\/story(?:\?|$)/, ['content']],
]

/** The envelope as list views need it: the same shape, minus the unread fields of each item. */
export function shapeListEnvelope(key: string, envelope: Envelope): Envelope {
  const fields = UNREAD_LIST_FIELDS.find(([pattern]) => pattern.test(key))?.[1]
  if (!fields || !Array.isArray(envelope.content)) return envelope
  const content = (envelope.content as unknown[]).map((item) => {
    if (!item || typeof item !== 'object') return item
    const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) }
    for (const field of fields) delete copy[field]
    return copy
  })
  return { ...envelope, content }
}
