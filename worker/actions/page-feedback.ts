/**
 * "Was this page useful?" posted from any content page (docs/product.md#page-feedback): the answer goes to the gateway
 * with the visitor's address (its per-visitor bound), then the page that thanks, with a link back.
 */
import { readPageFeedback } from '../../shared/forms/page-feedback'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'page-feedback'> = {
  maxBytes: 16 * 1024,
  async run({ c, fields, gateway }) {
    const answer = readPageFeedback(fields)
    if (!answer) return invalid(fields, {}, 'bad_request', 400)
    const sent = await gateway.request('POST', '/siw/public/page-feedback', {
      body: { path: answer.path, useful: answer.useful, comment: answer.comment },
    })
    if (!sent.ok) return fromGatewayError(sent, fields)
    return { redirect: href('page-feedback', { locale: c.get('locale'), query: { return: answer.page } }) }
  },
}
