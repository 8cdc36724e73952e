/**
 * The contact form: checks the fields, sends them to `POST /siw/public/contact-us`, then shows the page's success
 * panel with the request's reference (docs/decisions/0048-references.md).
 */
import type { ContactSent } from '../../contract/gateway/site'
import { CONTACT_ERRORS, readContact } from '../../shared/forms/contact-form'
import { readReference } from '../../shared/forms/reference'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

/** The gateway's field names are the form's; its messages are the form's own where a rule is specific. */
const GATEWAY_MESSAGES = Object.freeze({
  phone: CONTACT_ERRORS.phone,
  website: CONTACT_ERRORS.website,
  message: CONTACT_ERRORS.messageLength,
  purpose: CONTACT_ERRORS.purpose,
})

export const action: Action<'contact-us'> = {
  maxBytes: 64 * 1024,
  async run({ c, fields, gateway }) {
    const read = readContact(fields)
    if (!read.ok) return invalid(fields, read.errors)
    const sent = await gateway.request<ContactSent>('POST', '/siw/public/contact-us', { body: read.body })
    if (!sent.ok) return fromGatewayError(sent, fields, { messages: GATEWAY_MESSAGES })
    // `sent` names the reference the success panel shows, or is `1` when the upstream gave none.
    const reference = readReference(sent.envelope.content?.reference)
    return {
      redirect: href('contact-us', { locale: c.get('locale'), query: { sent: reference || '1' } }),
      notice: 'notices.contactSent',
    }
  },
}
