/**
 * The investor and business registration forms (GATEWAY.md "Forms"): field rules checked the same way in the browser
 * and in the page action, and the gateway body built from the posted fields.
 */
import { FIELD_ERRORS, isEmail, type FieldErrors, type FieldValues } from './account-forms'

/** Where the visitor heard of the portal (GATEWAY.md `source`). */
export const REGISTRATION_SOURCES = ['google', 'linkedin', 'instagram', 'telegram', 'forum', 'other'] as const
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number]

export type RegistrationKind = 'investor' | 'business'

/** i18n keys of the registration's own field messages (locales `guide.form.errors.*`). */
export const REGISTRATION_ERRORS = Object.freeze({
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

/** Field lengths the gateway accepts. */
const MAX = { company_name: 200, name: 100, surname: 100, position: 150, legal_address: 300, source_variant: 200, comments: 2000 } as const

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
export function readResidency(value: string | undefined): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null
}

const trimmed = (f: FieldValues, name: string) => (f[name] ?? '').trim()

function checkText(f: FieldValues, errors: FieldErrors, name: keyof typeof MAX, required: boolean) {
  const value = trimmed(f, name)
  if (!value) {
    if (required) errors[name] = FIELD_ERRORS.required
  } else if (value.length > MAX[name]) errors[name] = FIELD_ERRORS.textLength
}

/** The checks both registration forms share; `kind` adds the investor's or the business's own fields. */
export function validateRegistration(kind: RegistrationKind, f: FieldValues): FieldErrors {
  const errors: FieldErrors = {}
  const resident = readResidency(f.is_resident)
  if (resident === null) errors.is_resident = REGISTRATION_ERRORS.residency
  checkText(f, errors, 'company_name', true)
  if (kind === 'business') checkText(f, errors, 'legal_address', false)
  if (kind === 'investor') checkText(f, errors, 'position', false)
  const website = trimmed(f, 'website')
  if (website && (website.length > 255 || !WEBSITE.test(website))) errors.website = REGISTRATION_ERRORS.website
  checkText(f, errors, 'name', true)
  checkText(f, errors, 'surname', true)
  const email = trimmed(f, 'email')
  if (!email) errors.email = FIELD_ERRORS.required
  else if (!isEmail(email)) errors.email = FIELD_ERRORS.email
  const phone = normalizePhone(f.phone)
  if (!phone) errors.phone = FIELD_ERRORS.required
  else if (resident === true && !RESIDENT_PHONE.test(phone)) errors.phone = REGISTRATION_ERRORS.residentPhone
  else if (!PHONE.test(phone)) errors.phone = REGISTRATION_ERRORS.phone
  if (resident === true) {
    const pin = trimmed(f, 'pin')
    if (!pin) errors.pin = FIELD_ERRORS.required
    else if (!PIN.test(pin)) errors.pin = REGISTRATION_ERRORS.pin
    if (kind === 'business') {
      const tin = trimmed(f, 'tin')
      if (!tin) errors.tin = FIELD_ERRORS.required
      else if (!TIN.test(tin)) errors.tin = REGISTRATION_ERRORS.tin
    }
  }
  if (resident === false && kind === 'investor' && !ID.test(f.country_id ?? '')) errors.country_id = REGISTRATION_ERRORS.country
  if (!(REGISTRATION_SOURCES as readonly string[]).includes(f.source ?? '')) errors.source = REGISTRATION_ERRORS.source
  checkText(f, errors, 'source_variant', false)
  checkText(f, errors, 'comments', false)
  return errors
}

/**
 * The gateway body of a valid form. Fields of the other residency are left out, so a value typed before switching
 * (or shown to a browser without JavaScript) is never sent.
 */
export function toRegistrationBody(kind: RegistrationKind, f: FieldValues): Record<string, unknown> {
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
