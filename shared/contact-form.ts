/** The contact form (GATEWAY.md "Forms"): field rules checked the same way in the browser and in the page action. */
import * as v from 'valibot'
import { FIELD_ERRORS, isEmail, type FieldErrors, type FieldValues } from './account-forms'

export const CONTACT_PURPOSES = ['exploring_investment_opportunities', 'media', 'vacancies', 'other'] as const
export type ContactPurpose = (typeof CONTACT_PURPOSES)[number]

/** Field order on the page, which is also the order of the error summary. */
export const CONTACT_FIELDS = ['purpose', 'name', 'last_name', 'email', 'phone', 'company_name', 'designation', 'country', 'website', 'message'] as const

export const CONTACT_MESSAGE_MIN = 10
export const CONTACT_MESSAGE_MAX = 5000

/** i18n keys of the contact form's own messages; the rest are the shared `forms.errors.*`. */
export const CONTACT_ERRORS = Object.freeze({
  phone: 'site.contact.errors.phone',
  website: 'site.contact.errors.website',
  messageLength: 'site.contact.errors.messageLength',
  purpose: 'site.contact.errors.purpose',
  tooLong: 'site.contact.errors.tooLong',
})

const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, CONTACT_ERRORS.tooLong))
const required = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_ERRORS.required), v.maxLength(max, CONTACT_ERRORS.tooLong))
const phoneDigits = (value: string) => value.replace(/[\s()+.-]/g, '')

/** What the gateway accepts, with the message each rule shows; input is the raw form fields. */
export const ContactSchema = v.object({
  purpose: v.picklist(CONTACT_PURPOSES, CONTACT_ERRORS.purpose),
  name: required(100),
  last_name: required(100),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_ERRORS.required), v.check(isEmail, FIELD_ERRORS.email)),
  phone: v.pipe(v.string(), v.trim(), v.nonEmpty(FIELD_ERRORS.required), v.transform(phoneDigits), v.regex(/^\d{7,15}$/, CONTACT_ERRORS.phone)),
  company_name: trimmed(200),
  designation: trimmed(150),
  country: trimmed(100),
  website: v.pipe(trimmed(255), v.regex(/^$|^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u, CONTACT_ERRORS.website)),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(CONTACT_MESSAGE_MIN, CONTACT_ERRORS.messageLength),
    v.maxLength(CONTACT_MESSAGE_MAX, CONTACT_ERRORS.messageLength),
  ),
})
export type Contact = v.InferOutput<typeof ContactSchema>

const withDefaults = (f: FieldValues) => Object.fromEntries(CONTACT_FIELDS.map((k) => [k, f[k] ?? '']))

/** Field → i18n key of the first problem; empty when the form can be sent. */
export function validateContact(f: FieldValues): FieldErrors {
  const result = v.safeParse(ContactSchema, withDefaults(f))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const field = v.getDotPath(issue)
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

/** The gateway body of a valid form, or null; `hash` is the bot-protection token. */
export function toContactBody(f: FieldValues): (Contact & { hash: string }) | null {
  const result = v.safeParse(ContactSchema, withDefaults(f))
  return result.success ? { ...result.output, hash: f.hash ?? '' } : null
}
