/**
 * The investor and business registration forms (docs/product.md#registration): one schema each, checked in the browser
 * and by the page action, and the gateway body built from the posted fields. The forms are for non-residents: a
 * resident's account comes from OneID at the first sign-in (docs/decisions/0049-identity-from-oneid.md), so choosing
 * "resident" offers OneID instead of the form.
 */
import * as v from 'valibot'
import { type CrossRule, crossCheck, email, FIELD_ERRORS, type FieldValues, optionalText, requiredText } from './forms'

/** Where the visitor heard of the portal (`source`, docs/gateway-contract.md#forms). */
export const REGISTRATION_SOURCES = ['google', 'linkedin', 'instagram', 'telegram', 'forum', 'other'] as const

export type RegistrationKind = 'investor' | 'business'

/** i18n keys of the registration's own field messages (locales `guide.form.errors.*`). */
const REGISTRATION_ERRORS = Object.freeze({
  residency: 'guide.form.errors.residency',
  residentOneId: 'auth.register.residentOneId',
  phone: 'guide.form.errors.phone',
  website: 'guide.form.errors.website',
  country: 'guide.form.errors.country',
  source: 'guide.form.errors.source',
  alreadyRegistered: 'guide.form.errors.alreadyRegistered',
})

const PHONE = /^\d{7,15}$/
const WEBSITE = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u
const ID = /^\d{1,10}$/

/** Phones are sent as digits only: spaces, `+`, `-` and brackets people type are dropped. */
export function normalizePhone(value: string | undefined): string {
  return (value ?? '').replace(/[\s()+-]/g, '')
}

/** The fields both registrations share, with the lengths the gateway accepts; the residency decides some (below). */
const common = {
  is_resident: v.picklist(['true', 'false'], REGISTRATION_ERRORS.residency),
  company_name: requiredText(200),
  website: v.pipe(
    optionalText(255, REGISTRATION_ERRORS.website),
    v.regex(new RegExp(`^$|${WEBSITE.source}`, 'u'), REGISTRATION_ERRORS.website),
  ),
  name: requiredText(100),
  surname: requiredText(100),
  email: email(),
  phone: v.pipe(
    v.string(),
    v.transform((value: string) => normalizePhone(value)),
    v.nonEmpty(FIELD_ERRORS.required),
  ),
  source: v.picklist(REGISTRATION_SOURCES, REGISTRATION_ERRORS.source),
  source_variant: optionalText(200),
  comments: optionalText(2000),
}

/** A resident is offered OneID, not the form; any other phone has 7 to 15 digits (docs/product.md#registration). */
const RESIDENCY_RULES: readonly CrossRule[] = [
  ['is_resident', (f) => f('is_resident') !== 'true', REGISTRATION_ERRORS.residentOneId],
  ['phone', (f) => !f('phone') || PHONE.test(f('phone')), REGISTRATION_ERRORS.phone],
]

/** The investor registration: a position and the country. */
export const InvestorRegistrationSchema = v.pipe(
  v.object({ ...common, position: optionalText(150), country_id: v.string() }),
  crossCheck(...RESIDENCY_RULES, [
    'country_id',
    (f) => f('is_resident') !== 'false' || ID.test(f('country_id')),
    REGISTRATION_ERRORS.country,
  ]),
)

/** The business registration: a legal address. */
export const BusinessRegistrationSchema = v.pipe(
  v.object({ ...common, legal_address: optionalText(300) }),
  crossCheck(...RESIDENCY_RULES),
)

/** The schema of one registration form. */
export function registrationSchema(
  kind: RegistrationKind,
): typeof InvestorRegistrationSchema | typeof BusinessRegistrationSchema {
  return kind === 'investor' ? InvestorRegistrationSchema : BusinessRegistrationSchema
}

/** The gateway body of a valid (non-resident's) form; a PINFL or TIN is never sent. */
export function toRegistrationBody(kind: RegistrationKind, f: FieldValues): Record<string, unknown> {
  const trimmed = (fields: FieldValues, name: string) => (fields[name] ?? '').trim()
  const common = {
    company_name: trimmed(f, 'company_name'),
    website: trimmed(f, 'website'),
    name: trimmed(f, 'name'),
    surname: trimmed(f, 'surname'),
    email: trimmed(f, 'email'),
    phone: normalizePhone(f.phone),
    source: f.source,
    source_variant: trimmed(f, 'source_variant'),
    comments: trimmed(f, 'comments'),
    is_resident: false,
    hash: f.hash ?? '',
  }
  if (kind === 'investor') return { ...common, position: trimmed(f, 'position'), country_id: Number(f.country_id) }
  return { ...common, legal_address: trimmed(f, 'legal_address') }
}

/** Gateway field → the form's message for it when the gateway rejects a value the local checks let through. */
export const REGISTRATION_GATEWAY_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  is_resident: REGISTRATION_ERRORS.residentOneId,
  website: REGISTRATION_ERRORS.website,
  country_id: REGISTRATION_ERRORS.country,
  source: REGISTRATION_ERRORS.source,
  email: FIELD_ERRORS.email,
})

/** Gateway codes that name a field of the form → the message shown next to it (docs/product.md#registration). */
export const REGISTRATION_GATEWAY_CODES: Readonly<Record<string, string>> = Object.freeze({
  already_registered: REGISTRATION_ERRORS.alreadyRegistered,
})
