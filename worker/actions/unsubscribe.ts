/**
 * The unsubscribe page's button (docs/security.md#one-click-unsubscribe): the token goes to the gateway, which turns
 * that topic's mail off for whom it names; the page then says which topic, or that the link is not valid.
 */
import type { Unsubscribed } from '../../contract/gateway/account'
import { href } from '../../shared/routing/match'
import type { Action } from './lib/types'

export const action: Action<'unsubscribe'> = {
  maxBytes: 2 * 1024,
  async run({ c, fields, query, gateway }) {
    const locale = c.get('locale')
    const token = (fields.token ?? query.token ?? '').slice(0, 600)
    const done = await gateway.request<Unsubscribed>('POST', '/core/mail/unsubscribe', { body: { token } })
    if (done.ok) return { redirect: href('unsubscribe', { locale, query: { done: done.envelope.content.topic } }) }
    return { redirect: href('unsubscribe', { locale, query: { token, error: done.code } }) }
  },
}
