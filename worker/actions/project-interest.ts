/**
 * Interest in a project: checks the form, sends it to `POST /siw/enquiry` (as the signed-in user, whose account gives
 * the contact details, or as a visitor), then shows the page's receipt with the enquiry's reference.
 */
import * as v from 'valibot'
import { EnquiryReceiptSchema } from '../../contract/gateway/enquiries'
import { ENQUIRY_ERRORS, readInterest } from '../../shared/forms/enquiry-form'
import { href } from '../../shared/routing/match'
import { readSession } from '../session/session'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

/** The gateway's field names are the form's; its messages are the form's own where a rule is specific. */
const GATEWAY_MESSAGES = Object.freeze({
  message: ENQUIRY_ERRORS.messageLength,
  timeframe: ENQUIRY_ERRORS.timeframe,
  phone: ENQUIRY_ERRORS.phone,
})

export const action: Action<'project-interest'> = {
  maxBytes: 64 * 1024,
  async run({ c, params, fields, gateway }) {
    const session = await readSession(c)
    const signedIn = session.ok && !!session.session.profile
    const read = readInterest(fields, Number(params.id), signedIn)
    if (!read.ok) return invalid(fields, read.errors)
    const sent = await gateway.request('POST', '/siw/enquiry', { body: read.body })
    if (!sent.ok) return fromGatewayError(sent, fields, { messages: GATEWAY_MESSAGES })
    // An answer without its reference breaks the contract: an upstream failure, never a receipt without one.
    const receipt = v.safeParse(EnquiryReceiptSchema, sent.envelope.content)
    if (!receipt.success) return fromGatewayError({ ok: false, status: 502, code: 'bad_gateway', errors: [] }, fields)
    return {
      redirect: href('project-interest', {
        locale: c.get('locale'),
        params: { id: params.id },
        query: { sent: receipt.output.reference },
      }),
      notice: 'enquiries.sentNotice',
    }
  },
}
