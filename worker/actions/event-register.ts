/**
 * The event application without JavaScript: one multipart post carries the form and both documents; the action
 * creates the application, then uploads the passport scan and the photo through the gateway.
 */
import {
  APPLICATION_EXPIRED,
  checkEventFiles,
  documentErrorMessage,
  DOCUMENT_UPLOAD_NAMES,
  EVENT_FILE_FIELDS,
  eventErrorField,
  toEventApplicationBody,
  validateEventApplication,
} from '../../shared/event-application'
import { GatewayError } from '../../shared/gateway-client'
import { href } from '../../shared/match'
import { fromGatewayError, invalid } from './form-result'
import type { Action } from './types'

const MB = 1024 * 1024

export const eventRegisterAction: Action = {
  // Two documents of at most 10 MB each, the text fields and the multipart overhead.
  maxBytes: 21 * MB,
  async run({ c, query, fields, files, gateway }) {
    const eventId = query.event_id ?? ''
    // An application created by an earlier post whose documents failed: only the documents are sent again.
    const existing = /^\d{1,10}$/.test(fields.application_id ?? '') ? fields.application_id! : null
    const errors = { ...(existing ? {} : validateEventApplication(fields)), ...checkEventFiles(files) }
    if (Object.keys(errors).length) return invalid(fields, errors)

    let applicationId = existing
    if (!applicationId) {
      try {
        const envelope = await gateway.request<{ id: number }>('POST', '/siw/public/event-application', {
          body: toEventApplicationBody(fields, eventId, fields.hash ?? ''),
        })
        applicationId = String(envelope.content.id)
      } catch (err) {
        return fromGatewayError(err, fields)
      }
    }
    const withId = { ...fields, application_id: applicationId }
    const data = new FormData()
    data.set('application_id', applicationId)
    for (const field of EVENT_FILE_FIELDS) data.set(DOCUMENT_UPLOAD_NAMES[field], files[field]!)
    try {
      await gateway.request('POST', '/document/public/event-application', { body: data })
    } catch (err) {
      if (!(err instanceof GatewayError)) return invalid(withId, {}, 'internal_error', 502)
      // The application window closed or it has its documents already: start again from a clean form.
      if (err.code === 'not_found' || err.code === 'invalid_state') return invalid({ ...fields, application_id: '' }, {}, APPLICATION_EXPIRED, 409)
      const fileErrors: Record<string, string> = {}
      for (const name of err.envelope?.errors ?? []) fileErrors[eventErrorField(name, 'documents')] = documentErrorMessage(err.code)
      if (Object.keys(fileErrors).length) return invalid(withId, fileErrors)
      return fromGatewayError(err, withId)
    }
    return { redirect: href('success-registration', { locale: c.get('locale') }), notice: 'notices.eventApplication' }
  },
}
