/**
 * The event application without JavaScript: one multipart post carries the form and both documents; the shared
 * workflow creates the application, then uploads the passport scan and the photo through the gateway.
 */
import type { EventApplicationCreated } from '../../contract/gateway/media'
import { submitEventApplication } from '../../shared/forms/event-application/submit'
import { bodyLimitFor } from '../../shared/gateway/gateway-paths'
import { href } from '../../shared/routing/match'
import { invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'event-register'> = {
  // The documents at their limits, the text fields and the multipart framing: the gateway's own bound for the upload.
  maxBytes: bodyLimitFor('/document/public/event-application'),
  async run({ c, query, fields, files, gateway }) {
    const outcome = await submitEventApplication(
      {
        challenge: async () => fields.hash ?? '',
        create: (body) => gateway.request<EventApplicationCreated>('POST', '/siw/public/event-application', { body }),
        upload: (data) => gateway.request('POST', '/document/public/event-application', { body: data }),
      },
      { fields, files: { passport_scan: files.passport_scan, image: files.image }, eventId: query.event_id ?? '' },
    )
    if (!outcome.ok) return invalid(outcome.values, outcome.errors, outcome.code, outcome.status)
    const received = outcome.reference ? { reference: outcome.reference } : {}
    return {
      redirect: href('success-registration', { locale: c.get('locale'), query: received }),
      notice: 'notices.eventApplication',
    }
  },
}
