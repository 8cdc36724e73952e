/**
 * The event application's choices and its own messages (docs/product.md#event-application).
 */

/** Who the applicant comes as (the gateway takes any lower-case word; these are the portal's choices). */
export const EVENT_ROLES = ['participant', 'investor', 'speaker', 'media', 'partner'] as const
export const GENDERS = ['male', 'female'] as const

/** i18n keys of this form's own messages (locales `events.register.errors.*`). */
export const EVENT_ERRORS = Object.freeze({
  tooLong: 'events.register.errors.tooLong',
  choose: 'events.register.errors.choose',
  birthDate: 'events.register.errors.birthDate',
  passport: 'events.register.errors.passport',
  phone: 'events.register.errors.phone',
  fileRequired: 'events.register.errors.fileRequired',
  fileType: 'events.register.errors.fileType',
  fileTooLarge: 'events.register.errors.fileTooLarge',
})
