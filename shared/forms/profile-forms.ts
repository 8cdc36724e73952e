/**
 * Correcting one's profile (docs/product.md#account-forms, docs/gateway-contract.md#profile-changes): the fields
 * registration asked for, by its rules. A resident's names, PINFL and a businessman's company and TIN are OneID's and
 * never in the form; their phone is an Uzbek one.
 */
import * as v from 'valibot'
import { crossCheck, type FieldValues, optionalText, requiredText } from './forms'
import { normalizePhone } from './guide-forms'
import { editableFields, type ProfileKind } from './profile-fields'

const PHONE = /^\d{7,15}$/
const RESIDENT_PHONE = /^998\d{9}$/
const WEBSITE = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u

const FIELDS = {
  phone: v.pipe(
    v.string(),
    v.transform((value: string) => normalizePhone(value)),
  ),
  name: requiredText(100),
  surname: requiredText(100),
  company_name: requiredText(200),
  position: optionalText(150),
  legal_address: optionalText(300),
  website: v.pipe(
    optionalText(255, 'guide.form.errors.website'),
    v.regex(new RegExp(`^$|${WEBSITE.source}`, 'u'), 'guide.form.errors.website'),
  ),
}

/** The form's schema for `kind`: its fields, and the phone by the residency's rule. */
export function profileChangeSchema(kind: ProfileKind) {
  const entries = Object.fromEntries(editableFields(kind).map((name) => [name, FIELDS[name]]))
  const phone = kind.resident ? RESIDENT_PHONE : PHONE
  const message = kind.resident ? 'account.errors.residentPhone' : 'guide.form.errors.phone'
  return v.pipe(v.object(entries), crossCheck(['phone', (f) => phone.test(f('phone')), message]))
}

/** The gateway body of a valid form (`PATCH /core/profile`). */
export function toProfileChange(kind: ProfileKind, f: FieldValues): Record<string, string> {
  return Object.fromEntries(
    editableFields(kind).map((name) => [name, name === 'phone' ? normalizePhone(f.phone) : (f[name] ?? '').trim()]),
  )
}

/** Gateway field → the form's message when the gateway rejects a value the local checks let through. */
export const PROFILE_GATEWAY_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  website: 'guide.form.errors.website',
})
