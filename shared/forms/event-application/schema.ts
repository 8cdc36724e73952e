/**
 * The event application's one schema, checked in the browser and by the page action, and the JSON body for
 * `POST /siw/public/event-application` (docs/product.md#event-application).
 */
import * as v from 'valibot'
import { FIELD_ERRORS, type FieldValues, isEmail } from '../forms'
import { EVENT_ERRORS, EVENT_ROLES, GENDERS } from './fields'

const today = () => new Date().toISOString().slice(0, 10)

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value)
}

/** Digits of a phone number as typed (spaces, +, -, brackets dropped); the gateway wants 7–15 digits. */
function phoneDigits(value: string | undefined): string {
  return (value ?? '').replace(/[\s()+-]/g, '')
}

/** A passport number as the gateway stores it: upper case, no spaces. */
function passportNumber(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase()
}

/** Trimmed text that must be given; `empty` is the message when it is not. */
const given = (empty: string = FIELD_ERRORS.required) => v.pipe(v.string(), v.trim(), v.nonEmpty(empty))
const text = (max: number) => v.pipe(given(), v.maxLength(max, EVENT_ERRORS.tooLong))
const optional = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, EVENT_ERRORS.tooLong))
/** An option to pick: asked for with "choose", not "required". */
const choice = () => given(EVENT_ERRORS.choose)

/** The application's text fields in the form's order (the error summary's), with the gateway's rules. */
export const EventApplicationSchema = v.object({
  role: v.pipe(
    choice(),
    v.check((value) => (EVENT_ROLES as readonly string[]).includes(value), FIELD_ERRORS.invalid),
  ),
  last_name: text(100),
  first_name: text(100),
  middle_name: optional(100),
  gender: v.pipe(
    choice(),
    v.check((value) => (GENDERS as readonly string[]).includes(value), FIELD_ERRORS.invalid),
  ),
  birth_date: v.pipe(
    given(),
    v.check((value) => isRealDate(value) && value >= '1900-01-01' && value < today(), EVENT_ERRORS.birthDate),
  ),
  birthplace: text(200),
  country_id: v.pipe(choice(), v.regex(/^\d{1,10}$/, FIELD_ERRORS.invalid)),
  address: text(300),
  passport: v.pipe(
    given(),
    v.check((value) => /^[A-Z0-9]{5,20}$/.test(passportNumber(value)), EVENT_ERRORS.passport),
  ),
  email: v.pipe(given(), v.check(isEmail, FIELD_ERRORS.email)),
  phone: v.pipe(
    given(),
    v.check((value) => /^\d{7,15}$/.test(phoneDigits(value)), EVENT_ERRORS.phone),
  ),
  organization: text(200),
  position: text(150),
  activity: optional(1000),
})

/** The text fields in the form's order. */
export const EVENT_TEXT_FIELDS = Object.keys(EventApplicationSchema.entries)

/** The JSON body of `POST /siw/public/event-application`. */
export function toEventApplicationBody(f: FieldValues, eventId: string, hash: string) {
  const value = (name: string) => (f[name] ?? '').trim()
  return {
    event_id: Number(eventId),
    role: value('role'),
    first_name: value('first_name'),
    last_name: value('last_name'),
    middle_name: value('middle_name'),
    birth_date: value('birth_date'),
    gender: value('gender'),
    email: value('email'),
    phone: phoneDigits(f.phone),
    passport: passportNumber(f.passport),
    country_id: Number(value('country_id')),
    address: value('address'),
    birthplace: value('birthplace'),
    organization: value('organization'),
    position: value('position'),
    activity: value('activity'),
    hash,
  }
}
