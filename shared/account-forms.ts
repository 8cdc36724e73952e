/** Field rules of the account forms, checked the same way in the browser (before sending) and in the page action. */

/** i18n keys of the field messages (locales `forms.errors.*`). */
export const FIELD_ERRORS = Object.freeze({
  required: 'forms.errors.required',
  email: 'forms.errors.email',
  passwordLength: 'forms.errors.passwordLength',
  passwordMismatch: 'forms.errors.passwordMismatch',
  invalid: 'forms.errors.invalid',
  wrongPassword: 'forms.errors.wrongPassword',
  textLength: 'forms.errors.textLength',
})

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128
export const APPEAL_TEXT_MIN = 10
export const APPEAL_TEXT_MAX = 5000
export const REASON_MAX = 2000

/** Field name → value, as read from a form post or a FormData. */
export type FieldValues = Readonly<Record<string, string | undefined>>
/** Field name → i18n key of the message; empty when the form is fine. */
export type FieldErrors = Record<string, string>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const ID = /^\d{1,10}$/

/** Whether the text looks like an e-mail address (the gateway has the final word). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

function checkEmail(value: string | undefined, errors: FieldErrors, name = 'email') {
  const email = (value ?? '').trim()
  if (!email) errors[name] = FIELD_ERRORS.required
  else if (!isEmail(email)) errors[name] = FIELD_ERRORS.email
}

/** A new password and its confirmation: 8..128 characters, equal. */
export function checkNewPassword(password: string, confirmation: string, names: { password: string; confirmation: string }): FieldErrors {
  const errors: FieldErrors = {}
  if (!password) errors[names.password] = FIELD_ERRORS.required
  else if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) errors[names.password] = FIELD_ERRORS.passwordLength
  if (!confirmation) errors[names.confirmation] = FIELD_ERRORS.required
  else if (password && confirmation !== password) errors[names.confirmation] = FIELD_ERRORS.passwordMismatch
  return errors
}

export function validateSignIn(f: FieldValues): FieldErrors {
  const errors: FieldErrors = {}
  checkEmail(f.email, errors)
  if (!f.password) errors.password = FIELD_ERRORS.required
  return errors
}

export function validateForgotPassword(f: FieldValues): FieldErrors {
  const errors: FieldErrors = {}
  checkEmail(f.email, errors)
  return errors
}

export function validateResetPassword(f: FieldValues): FieldErrors {
  return checkNewPassword(f.password ?? '', f.password_confirmation ?? '', { password: 'password', confirmation: 'password_confirmation' })
}

export function validateChangePassword(f: FieldValues): FieldErrors {
  const errors = checkNewPassword(f.new_password ?? '', f.password_confirmation ?? '', { password: 'new_password', confirmation: 'password_confirmation' })
  if (!f.old_password) errors.old_password = FIELD_ERRORS.required
  return errors
}

/** The appeal form's one select carries both ids as `{topic}:{type}` (topic → type grouped select). */
export function joinAppealType(topicId: number | string, typeId: number | string): string {
  return `${topicId}:${typeId}`
}

/** `{topic}:{type}` → the two ids, or null. */
export function splitAppealType(value: string | undefined): { topic_id: number; type_id: number } | null {
  const m = /^(\d{1,10}):(\d{1,10})$/.exec(value ?? '')
  return m ? { topic_id: Number(m[1]), type_id: Number(m[2]) } : null
}

/** An appeal: type (with its topic) and region chosen, text of 10..5000 characters; anonymous ones add name and e-mail. */
export function validateAppeal(f: FieldValues, opts: { anonymous?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {}
  if (!splitAppealType(f.type)) errors.type = FIELD_ERRORS.required
  if (!ID.test(f.region_id ?? '')) errors.region_id = FIELD_ERRORS.required
  const text = (f.text ?? '').trim()
  if (!text) errors.text = FIELD_ERRORS.required
  else if (text.length < APPEAL_TEXT_MIN || text.length > APPEAL_TEXT_MAX) errors.text = FIELD_ERRORS.textLength
  if (opts.anonymous) Object.assign(errors, validateAppealContact(f))
  return errors
}

/** The anonymous appeal's first step: a name of 2..150 characters and an e-mail. */
export function validateAppealContact(f: FieldValues): FieldErrors {
  const errors: FieldErrors = {}
  const name = (f.full_name ?? '').trim()
  if (!name) errors.full_name = FIELD_ERRORS.required
  else if (name.length < 2 || name.length > 150) errors.full_name = FIELD_ERRORS.textLength
  checkEmail(f.email, errors)
  return errors
}

export function validateAppealReply(f: FieldValues): FieldErrors {
  const response = (f.response ?? '').trim()
  if (!response) return { response: FIELD_ERRORS.required }
  if (response.length > APPEAL_TEXT_MAX) return { response: FIELD_ERRORS.textLength }
  return {}
}

/** Accepting needs nothing more; rejecting needs a reason. */
export function validateAppealResolution(f: FieldValues): FieldErrors {
  if (f.resolved !== 'true' && f.resolved !== 'false') return { resolved: FIELD_ERRORS.required }
  const reason = (f.reason ?? '').trim()
  if (f.resolved === 'false' && !reason) return { reason: FIELD_ERRORS.required }
  if (reason.length > REASON_MAX) return { reason: FIELD_ERRORS.textLength }
  return {}
}

/** A FormData's text fields as plain values (files are left out). */
export function readFields(data: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of data) if (typeof v === 'string' && !(k in out)) out[k] = v
  return out
}
