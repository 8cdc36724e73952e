/** The contact form (docs/product.md#contact): one schema checked in the browser and by the page action. */
import * as v from 'valibot'
import { checkForm, email, FIELD_ERRORS, type FieldValues, optionalText, requiredText } from './forms'

export const CONTACT_PURPOSES = ['exploring_investment_opportunities', 'media', 'vacancies', 'other'] as const

export const CONTACT_MESSAGE_MIN = 10
const CONTACT_MESSAGE_MAX = 5000

/** i18n keys of the contact form's own messages; the rest are the shared `forms.errors.*`. */
export const CONTACT_ERRORS = Object.freeze({
  phone: 'site.contact.errors.phone',
  website: 'site.contact.errors.website',
  messageLength: 'site.contact.errors.messageLength',
  purpose: 'site.contact.errors.purpose',
  tooLong: 'site.contact.errors.tooLong',
})

const trimmed = (max: number) => optionalText(max, CONTACT_ERRORS.tooLong)
const required = (max: number) => requiredText(max, CONTACT_ERRORS.tooLong)
const phoneDigits = (value: string) => value.replace(/[\s()+.-]/g, '')

/** What the gateway accepts, with the message each rule shows, in the page's order of fields (the error summary's). */
export const ContactSchema = v.object({
  purpose: v.picklist(CONTACT_PURPOSES, CONTACT_ERRORS.purpose),
  name: required(100),
  last_name: required(100),
  email: email(),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.transform(phoneDigits),
    v.regex(/^\d{7,15}$/, CONTACT_ERRORS.phone),
  ),
  company_name: trimmed(200),
  designation: trimmed(150),
  country: trimmed(100),
  website: v.pipe(
    trimmed(255),
    v.regex(/^$|^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u, CONTACT_ERRORS.website),
  ),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(FIELD_ERRORS.required),
    v.minLength(CONTACT_MESSAGE_MIN, CONTACT_ERRORS.messageLength),
    v.maxLength(CONTACT_MESSAGE_MAX, CONTACT_ERRORS.messageLength),
  ),
})
export type Contact = v.InferOutput<typeof ContactSchema>

/** The gateway body of a valid form, or the field errors; `hash` is the bot-protection token. */
export function readContact(
  f: FieldValues,
): { ok: true; body: Contact & { hash: string } } | { ok: false; errors: Record<string, string> } {
  const checked = checkForm(ContactSchema, f)
  return checked.ok ? { ok: true, body: { ...checked.output, hash: f.hash ?? '' } } : checked
}
