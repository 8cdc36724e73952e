/**
 * The event application's two documents (docs/product.md#event-application): what each slot accepts, checked
 * before they upload (the gateway checks the bytes again).
 */

import { UPLOAD_LIMITS } from '../../gateway/gateway-paths'
import type { FieldErrors, FileLike } from '../forms'
import { EVENT_ERRORS } from './fields'

export const EVENT_FILE_FIELDS = ['passport_scan', 'image'] as const
export type EventFileField = (typeof EVENT_FILE_FIELDS)[number]

/** Each document is at most 10 MB (the gateway's limit). */
export const DOCUMENT_MAX_BYTES = UPLOAD_LIMITS.eventDocument

type DocumentRule = { extensions: readonly string[]; types: readonly string[]; accept: string }

/** What each upload slot accepts: the passport scan as PDF or image, the photo as an image. */
export const DOCUMENT_RULES: Readonly<Record<EventFileField, DocumentRule>> = {
  passport_scan: {
    extensions: ['pdf', 'jpg', 'jpeg', 'png'],
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
  },
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'webp'],
    types: ['image/jpeg', 'image/png', 'image/webp'],
    accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  },
}

/** The gateway's multipart name of each slot (`passport` is also a text field of the application). */
export const DOCUMENT_UPLOAD_NAMES: Readonly<Record<EventFileField, 'passport' | 'image'>> = {
  passport_scan: 'passport',
  image: 'image',
}

/** Field errors of the two documents: both required, of an accepted type, at most 10 MB each. */
export function checkEventFiles(files: Partial<Record<EventFileField, FileLike | undefined>>): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of EVENT_FILE_FIELDS) {
    const file = files[field]
    const rule = DOCUMENT_RULES[field]
    if (!file || file.size === 0) errors[field] = EVENT_ERRORS.fileRequired
    else if (file.size > DOCUMENT_MAX_BYTES) errors[field] = EVENT_ERRORS.fileTooLarge
    else {
      const extension = (file.name.split('.').pop() ?? '').toLowerCase()
      // The browser's type may be empty for unusual names; the gateway checks the bytes in any case.
      const type = file.type ?? ''
      if (!rule.extensions.includes(extension) || (type !== '' && !rule.types.includes(type)))
        errors[field] = EVENT_ERRORS.fileType
    }
  }
  return errors
}

/** The form field's message for a failed document upload's result code. */
export function documentErrorMessage(code: string): string {
  if (code === 'file_too_large') return EVENT_ERRORS.fileTooLarge
  if (code === 'unsupported_file_type') return EVENT_ERRORS.fileType
  return EVENT_ERRORS.fileRequired
}
