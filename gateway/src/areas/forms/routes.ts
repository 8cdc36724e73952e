/** Public forms: contact-us, investor and business registration, event applications. */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { eventEndsAt } from '../../../../contract/gateway/event-end'
import type { Locale } from '../../../../contract/locales'
import { assertHuman, type BotAction } from '../../integrations/bot'
import { readConfig } from '../../lib/config'
import type { AppEnv, Role } from '../../lib/context'
import { createSecret, sha256Hex, toBase64 } from '../../lib/crypto'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { FORM_IP_LIMIT, isOverLimit, readClientIp } from '../../lib/rate-limit'
import { formatReference } from '../../lib/references'
import {
  BoolSchema,
  DateSchema,
  EmailSchema,
  HashSchema,
  IdSchema,
  optionalText,
  PhoneSchema,
  parseInput,
  parseInputAsync,
  readJson,
  text,
  WebsiteSchema,
} from '../../lib/validate'
import { eventCalendar, readCalendarEvent } from '../content/calendar'
import { knownIn } from '../content/references'
import { linkOf } from '../enquiries/notices'
import { insertContactRequest } from '../enquiries/queries'
import { queueMail } from '../mail/send'
import { eventFacts } from './event-applications'
import { insertFormRow, readPublishedEventDates } from './queries'
import { type StoredApplication, storeApplication } from './registrations'

/** The event application's upload capability: 128 random bits. */
const UPLOAD_TOKEN_BYTES = 16

const CONTACT_PURPOSES = ['exploring_investment_opportunities', 'media', 'vacancies', 'other'] as const
const SOURCES = ['google', 'linkedin', 'instagram', 'telegram', 'forum', 'other'] as const

const ContactSchema = v.object({
  name: text(100),
  last_name: text(100),
  email: EmailSchema,
  phone: PhoneSchema,
  website: WebsiteSchema,
  country: v.nullish(
    v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.trim(), v.maxLength(100)),
    '',
  ),
  designation: optionalText(150),
  message: v.pipe(text(5000), v.minLength(10)),
  purpose: v.picklist(CONTACT_PURPOSES),
  company_name: optionalText(200),
  hash: HashSchema,
})

/**
 * Registration is for non-residents (docs/decisions/0049-identity-from-oneid.md): a resident's account comes only from
 * OneID, at the first sign-in, so no typed PINFL or TIN ever becomes an identity. A resident application is refused
 * naming `is_resident`; a `pin` or `tin` in the body is never read.
 */
const nonResident = v.pipe(
  BoolSchema,
  v.check((resident) => !resident, 'resident_oneid'),
)

const investorRegistrationSchema = (db: D1Database) =>
  v.objectAsync({
    company_name: text(200),
    website: WebsiteSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    position: optionalText(150),
    name: text(100),
    surname: text(100),
    country_id: v.pipeAsync(IdSchema, knownIn(db, 'countries')),
    source: v.picklist(SOURCES),
    source_variant: optionalText(200),
    comments: optionalText(2000),
    is_resident: nonResident,
    hash: HashSchema,
  })

const BusinessRegistrationSchema = v.object({
  company_name: text(200),
  legal_address: optionalText(300),
  website: WebsiteSchema,
  name: text(100),
  surname: text(100),
  email: EmailSchema,
  phone: PhoneSchema,
  source: v.picklist(SOURCES),
  source_variant: optionalText(200),
  comments: optionalText(2000),
  is_resident: nonResident,
  hash: HashSchema,
})

const today = () => new Date().toISOString().slice(0, 10)

/** An event readers see: an unpublished or made-up id is refused as the field's error, like any unknown id. */
const isShownEvent = (db: D1Database) =>
  v.checkAsync(async (id: number) => (await readPublishedEventDates(db, id)) !== null)

const eventApplicationSchema = (db: D1Database) =>
  v.objectAsync({
    event_id: v.pipeAsync(IdSchema, isShownEvent(db)),
    role: v.pipe(v.string(), v.trim(), v.regex(/^[a-z][a-z_]{1,29}$/)),
    first_name: text(100),
    last_name: text(100),
    middle_name: optionalText(100),
    birth_date: v.pipe(
      DateSchema,
      v.check((d) => d >= '1900-01-01' && d < today()),
    ),
    gender: v.picklist(['male', 'female']),
    email: EmailSchema,
    phone: PhoneSchema,
    passport: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/)),
    country_id: v.pipeAsync(IdSchema, knownIn(db, 'countries')),
    address: text(300),
    birthplace: text(200),
    organization: text(200),
    position: text(150),
    activity: optionalText(1000),
    hash: HashSchema,
  })

/** Bot check, then the per-IP window for public forms (429 `too_many_attempts`). */
async function guardForm(c: Context<AppEnv>, hash: string, action: BotAction, form: string): Promise<void> {
  await assertHuman(c, hash, action)
  const limit = { key: `form:${form}:ip:${readClientIp(c)}`, ...FORM_IP_LIMIT }
  if (await isOverLimit(c.env.DB, limit, Date.now())) throw new GatewayError(429, 'too_many_attempts')
}

/**
 * The answer to a registration: the same `{ id }` whether or not the e-mail was free, after the same work; when it was
 * taken, the address's owner is mailed after the answer (docs/security.md#account-enumeration).
 */
function answerApplication(c: Context<AppEnv>, stored: StoredApplication, role: Role, email: string, now: Date) {
  const { duplicate } = stored
  if (duplicate) {
    const lang = readLang(c.req.header('Accept-Language'))
    const signIn = `${readConfig(c.env).portalOrigin}/${lang}/auth/sign-in?${new URLSearchParams({ role })}`
    // Within the address's daily limit (docs/security.md#mail-limits), like every mail a public form sends.
    c.executionCtx.waitUntil(
      queueMail(c.env, now, {
        kind: 'duplicate-registration',
        to: email,
        lang,
        props: { why: duplicate, signIn },
      }).catch((err: unknown) => {
        console.error(
          JSON.stringify({
            level: 'error',
            msg: 'duplicate registration mail failed',
            requestId: c.get('requestId'),
            error: err instanceof Error ? err.message : String(err),
          }),
        )
      }),
    )
  }
  return ok(c, { id: stored.id })
}

/**
 * The columns both registration forms end with: how the applicant heard of us, residency, time, and the language the
 * application was made in, which the decision's mail is written in.
 */
function registrationTail(
  c: Context<AppEnv>,
  i: { source: unknown; source_variant: unknown; comments: unknown; is_resident: boolean },
  now: Date,
) {
  return {
    source: i.source,
    source_variant: i.source_variant,
    comments: i.comments,
    is_resident: i.is_resident ? 1 : 0,
    lang: readLang(c.req.header('Accept-Language')),
    created_at: now.toISOString(),
  }
}

/** The public form routes, mounted at `/siw/public`. */
export const formRoutes = new Hono<AppEnv>()

/**
 * A contact request: stored with its enquiry (docs/decisions/0056-enquiries.md#contact-requests), answered with its
 * reference (docs/decisions/0048-references.md), and receipted by mail within the address's daily limit, with the
 * signed link that shows where it stands.
 */
formRoutes.post('/contact-us', async (c) => {
  const i = parseInput(ContactSchema, await readJson(c))
  await guardForm(c, i.hash, 'contact', 'contact')
  const now = new Date()
  const lang = readLang(c.req.header('Accept-Language'))
  const { contactId: id, enquiryId } = await insertContactRequest(
    c.env.DB,
    {
      name: i.name,
      last_name: i.last_name,
      email: i.email,
      phone: i.phone,
      website: i.website,
      country: i.country,
      designation: i.designation,
      message: i.message,
      purpose: i.purpose,
      company_name: i.company_name,
      lang,
      created_at: now.toISOString(),
    },
    { user_id: null },
  )
  const reference = formatReference('contact', id, now)
  const link = await linkOf(c.env, enquiryId, lang)
  await queueMail(c.env, now, {
    kind: 'contact-receipt',
    to: i.email,
    lang,
    props: { reference, message: i.message, link },
  })
  return ok(c, { id, reference })
})

formRoutes.post('/investor-registration', async (c) => {
  const i = await parseInputAsync(investorRegistrationSchema(c.env.DB), await readJson(c))
  await guardForm(c, i.hash, 'register', 'registration')
  const now = new Date()
  const stored = await storeApplication(
    c.env.DB,
    'investor',
    {
      company_name: i.company_name,
      website: i.website,
      email: i.email,
      phone: i.phone,
      position: i.position,
      name: i.name,
      surname: i.surname,
      pin: null,
      country_id: i.country_id,
      ...registrationTail(c, i, now),
    },
    i.email,
    now,
  )
  return answerApplication(c, stored, 'investor', i.email, now)
})

formRoutes.post('/business-registration', async (c) => {
  const i = parseInput(BusinessRegistrationSchema, await readJson(c))
  await guardForm(c, i.hash, 'register', 'registration')
  const now = new Date()
  const stored = await storeApplication(
    c.env.DB,
    'business',
    {
      company_name: i.company_name,
      tin: '',
      pin: null,
      legal_address: i.legal_address,
      website: i.website,
      name: i.name,
      surname: i.surname,
      email: i.email,
      phone: i.phone,
      ...registrationTail(c, i, now),
    },
    i.email,
    now,
  )
  return answerApplication(c, stored, 'businessmen', i.email, now)
})

formRoutes.post('/event-application', async (c) => {
  const i = await parseInputAsync(eventApplicationSchema(c.env.DB), await readJson(c))
  const now = new Date()
  // An event that has ended takes no more applications, by the end rule its page shows registration closed by.
  const event = await readPublishedEventDates(c.env.DB, i.event_id)
  if (!event || eventEndsAt(event) <= now.getTime()) throw new GatewayError(409, 'event_closed')
  await guardForm(c, i.hash, 'event', 'event')
  const lang = readLang(c.req.header('Accept-Language'))
  // Whoever created the application, and only they, may attach its documents: ids are sequential, this is not.
  const uploadToken = createSecret(UPLOAD_TOKEN_BYTES)
  const id = await insertFormRow(c.env.DB, 'event_applications', {
    event_id: i.event_id,
    role: i.role,
    first_name: i.first_name,
    last_name: i.last_name,
    middle_name: i.middle_name,
    birth_date: i.birth_date,
    gender: i.gender,
    email: i.email,
    phone: i.phone,
    passport: i.passport,
    country_id: i.country_id,
    address: i.address,
    birthplace: i.birthplace,
    organization: i.organization,
    position: i.position,
    activity: i.activity,
    lang,
    created_at: now.toISOString(),
    upload_token_hash: await sha256Hex(uploadToken),
  })
  const reference = formatReference('event', id, now)
  // No notification, push or realtime event goes to an account with the typed e-mail: the applicant is not signed in
  // as it (a public form), and anyone may type anyone's address (docs/security.md#public-forms). The receipt goes to
  // the address within its daily limit.
  await mailEventReceipt(c.env, { eventId: i.event_id, email: i.email, reference, lang }, now)
  return ok(c, { id, upload_token: uploadToken, reference })
})

/** The application's receipt: its reference, the event, and the event's calendar file, linked and attached. */
async function mailEventReceipt(
  env: Env,
  application: { eventId: number; email: string; reference: string; lang: Locale },
  now: Date,
): Promise<void> {
  const { lang } = application
  const origin = readConfig(env).portalOrigin
  const event = await readCalendarEvent(env.DB, application.eventId, lang, origin)
  if (!event) return
  const ics = eventCalendar(event, lang, origin)
  await queueMail(env, now, {
    kind: 'event-received',
    to: application.email,
    lang,
    props: { reference: application.reference, event: eventFacts(env, event, lang) },
    attachments: [
      {
        filename: `event-${event.id}.ics`,
        type: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: toBase64(new TextEncoder().encode(ics)),
      },
    ],
  })
}
