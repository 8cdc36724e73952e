/**
 * The investor and business registration forms (docs/product.md#registration): one schema each, checked in the browser
 * and by the page action, and the gateway body built from the posted fields.
 */
import * as v from 'valibot'
import { type CrossRule, crossCheck, email, FIELD_ERRORS, type FieldValues, optionalText, requiredText } from './forms'

/** Where the visitor heard of the portal (`source`, docs/gateway-contract.md#forms). */
export const REGISTRATION_SOURCES = ['google', 'linkedin', 'instagram', 'telegram', 'forum', 'other'] as const

export type RegistrationKind = 'investor' | 'business'

/** i18n keys of the registration's own field messages (locales `guide.form.errors.*`). */
const REGISTRATION_ERRORS = Object.freeze({
  residency: 'guide.form.errors.residency',
  pin: 'guide.form.errors.pin',
  tin: 'guide.form.errors.tin',
  phone: 'guide.form.errors.phone',
  residentPhone: 'guide.form.errors.residentPhone',
  website: 'guide.form.errors.website',
  country: 'guide.form.errors.country',
  source: 'guide.form.errors.source',
  alreadyRegistered: 'guide.form.errors.alreadyRegistered',
})

const PIN = /^\d{14}$/
const TIN = /^\d{9}$/
const RESIDENT_PHONE = /^998\d{9}$/
const PHONE = /^\d{7,15}$/
const WEBSITE = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u
const ID = /^\d{1,10}$/

/** Phones are sent as digits only: spaces, `+`, `-` and brackets people type are dropped. */
export function normalizePhone(value: string | undefined): string {
  return (value ?? '').replace(/[\s()+-]/g, '')
}

/** `"true"`/`"false"` from the residency radio, or null when nothing is chosen. */
function readResidency(value: string | undefined): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null
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
  pin: v.pipe(v.string(), v.trim()),
  source: v.picklist(REGISTRATION_SOURCES, REGISTRATION_ERRORS.source),
  source_variant: optionalText(200),
  comments: optionalText(2000),
}

/** Checks of the phone and the PINFL that depend on the residency (docs/product.md#registration). */
const RESIDENCY_RULES: readonly CrossRule[] = [
  [
    'phone',
    (f) => !f('phone') || f('is_resident') !== 'true' || RESIDENT_PHONE.test(f('phone')),
    REGISTRATION_ERRORS.residentPhone,
  ],
  ['phone', (f) => !f('phone') || f('is_resident') === 'true' || PHONE.test(f('phone')), REGISTRATION_ERRORS.phone],
  ['pin', (f) => f('is_resident') !== 'true' || f('pin') !== '', FIELD_ERRORS.required],
  ['pin', (f) => f('is_resident') !== 'true' || !f('pin') || PIN.test(f('pin')), REGISTRATION_ERRORS.pin],
]

/** The investor registration: a position; residents give a PINFL, non-residents choose a country. */
export const InvestorRegistrationSchema = v.pipe(
  v.object({ ...common, position: optionalText(150), country_id: v.string() }),
  crossCheck(...RESIDENCY_RULES, [
    'country_id',
    (f) => f('is_resident') !== 'false' || ID.test(f('country_id')),
    REGISTRATION_ERRORS.country,
  ]),
)

/** The business registration: a legal address; residents give a PINFL and a TIN. */
export const BusinessRegistrationSchema = v.pipe(
  v.object({ ...common, legal_address: optionalText(300), tin: v.pipe(v.string(), v.trim()) }),
  crossCheck(
    ...RESIDENCY_RULES,
    ['tin', (f) => f('is_resident') !== 'true' || f('tin') !== '', FIELD_ERRORS.required],
    ['tin', (f) => f('is_resident') !== 'true' || !f('tin') || TIN.test(f('tin')), REGISTRATION_ERRORS.tin],
  ),
)

/** The schema of one registration form. */
export function registrationSchema(
  kind: RegistrationKind,
): typeof InvestorRegistrationSchema | typeof BusinessRegistrationSchema {
  return kind === 'investor' ? InvestorRegistrationSchema : BusinessRegistrationSchema
}

/**
 * The gateway body of a valid form. Fields of the other residency are left out, so a value typed before switching
 * (or shown to a browser without JavaScript) is never sent.
 */
export function toRegistrationBody(kind: RegistrationKind, f: FieldValues): Record<string, unknown> {
  const trimmed = (fields: FieldValues, name: string) => (fields[name] ?? '').trim()
  const resident = readResidency(f.is_resident) === true
  const common = {
    company_name: trimmed(f, 'company_name'),
    website: trimmed(f, 'website'),
    name: trimmed(f, 'name'),
    surname: trimmed(f, 'surname'),
    email: trimmed(f, 'email'),
    phone: normalizePhone(f.phone),
    pin: resident ? trimmed(f, 'pin') : '',
    source: f.source,
    source_variant: trimmed(f, 'source_variant'),
    comments: trimmed(f, 'comments'),
    is_resident: resident,
    hash: f.hash ?? '',
  }
  if (kind === 'investor') {
    return { ...common, position: trimmed(f, 'position'), country_id: resident ? null : Number(f.country_id) }
  }
  return { ...common, tin: resident ? trimmed(f, 'tin') : '', legal_address: trimmed(f, 'legal_address') }
}

/** Gateway field → the form's message for it when the gateway rejects a value the local checks let through. */
export const REGISTRATION_GATEWAY_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  pin: REGISTRATION_ERRORS.pin,
  tin: REGISTRATION_ERRORS.tin,
  website: REGISTRATION_ERRORS.website,
  country_id: REGISTRATION_ERRORS.country,
  source: REGISTRATION_ERRORS.source,
  email: FIELD_ERRORS.email,
})

/** Gateway codes that name a field of the form → the message shown next to it (docs/product.md#registration). */
export const REGISTRATION_GATEWAY_CODES: Readonly<Record<string, string>> = Object.freeze({
  already_registered: REGISTRATION_ERRORS.alreadyRegistered,
})
