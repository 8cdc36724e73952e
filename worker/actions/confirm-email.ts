/**
 * The confirm-email page's button (docs/gateway-contract.md#e-mail-change): the link's uuid and token go to the gateway,
 * which changes the address once and tells the old one; the page then says it is done, or why the link cannot be used.
 */
import { href } from '../../shared/routing/match'
import type { Action } from './lib/types'

export const action: Action<'confirm-email'> = {
  maxBytes: 2 * 1024,
  async run({ c, fields, query, gateway }) {
    const locale = c.get('locale')
    const uuid = (fields.uuid ?? query.uuid ?? '').slice(0, 100)
    const token = (fields.token ?? query.token ?? '').slice(0, 200)
    const done = await gateway.request('POST', '/core/auth/confirm-email', { body: { uuid, token } })
    if (done.ok) return { redirect: href('confirm-email', { locale, query: { done: '1' } }) }
    const error = done.code === 'already_registered' ? 'taken' : 'invalid'
    return { redirect: href('confirm-email', { locale, query: { uuid, token, error } }) }
  },
}
