/**
 * Registration applications and their decisions (docs/product.md#registration): an application is stored with a
 * pending record; approving it creates the non-resident account of its role from its fields and mails the applicant
 * how to sign in; rejecting it mails the reason. Moderators (`/dev/moderate`) and operators (`/core/operator/*`) decide
 * through the same functions.
 */
import { isLocale, type Locale } from '../../../../contract/locales'
import type { REGISTRATION_KINDS } from '../../../../contract/operators/values'
import { readConfig } from '../../lib/config'
import type { Role } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { issuePasswordLink, WELCOME_LINK_LIFETIME_MS } from '../auth/reset-links'
import { queueMail } from '../mail/send'
import type { DuplicateRegistration } from '../mail/templates/account'
import { insertAccount, isUniqueViolation, type ProfileFields } from '../profile/accounts'
import { isEmailTaken } from '../profile/queries'
import {
  claimForApproval,
  findDuplicate,
  insertApplication,
  type Ledger,
  readApplicationRow,
  readLedger,
  rejectPending,
  releaseClaim,
  setRegistrationUser,
} from './queries'

/** The two registration forms. */
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number]

/** The table of each form's applications. */
export const REGISTRATION_TABLES: Record<RegistrationKind, string> = {
  investor: 'investor_registrations',
  business: 'business_registrations',
}
const ROLES: Record<RegistrationKind, Role> = { investor: 'investor', business: 'businessmen' }

/** A decision's outcome, as the moderation and operator calls answer it. */
export type RegistrationDecision = { id: number; state: 'approved' | 'rejected'; user_id: number | null }

/** The refusal of an approval whose e-mail has an account by now: 409 naming `email`. */
function alreadyRegistered(): GatewayError {
  return new GatewayError(409, 'already_registered', 'already_registered', ['email'])
}

/** What storing an application did: its id, and why it waits for no decision when its e-mail was taken. */
export type StoredApplication = { id: number; duplicate: DuplicateRegistration | null }

/**
 * Stores an application (`row`, the columns of its form's table) with its record, in one transaction, and returns
 * its id. An e-mail that has an account or another application waiting is not refused, which would tell anyone
 * whether the address is registered (docs/security.md#account-enumeration): the application is kept as already
 * decided (rejected as a duplicate, so no moderator sees it) and the caller mails the address's owner instead.
 */
export async function storeApplication(
  db: D1Database,
  kind: RegistrationKind,
  row: Record<string, unknown>,
  email: string,
  now: Date,
): Promise<StoredApplication> {
  const application = { table: REGISTRATION_TABLES[kind], row, kind, email }
  const insert = async (duplicate: DuplicateRegistration | null) => ({
    id: await insertApplication(db, application, duplicate, now),
    duplicate,
  })
  const duplicate = await findDuplicate(db, email)
  if (duplicate) return insert(duplicate)
  try {
    return await insert(null)
  } catch (err) {
    // Two applications for one e-mail at once: the pending-e-mail index lets only the first wait.
    if (isUniqueViolation(err, 'registrations.email')) return insert('pending')
    throw err
  }
}

/** The application's fields: both forms' columns (those of the other form are absent). */
type Application = {
  email: string
  name: string
  surname: string
  phone: string
  company_name: string
  website: string
  pin: string | null
  is_resident: number
  lang: string
  source: string
  comments: string
  position?: string
  country_id?: number | null
  tin?: string
  legal_address?: string
}

/** The record and application of a registration, 404 `not_found` when there is none. */
async function readRegistration(db: D1Database, id: number): Promise<{ ledger: Ledger; application: Application }> {
  const ledger = await readLedger(db, id)
  const application = ledger
    ? await readApplicationRow<Application>(db, REGISTRATION_TABLES[ledger.kind], ledger.application_id)
    : null
  if (!ledger || !application) throw new GatewayError(404, 'not_found')
  return { ledger, application }
}

const langOf = (a: Application): Locale => (isLocale(a.lang) ? a.lang : 'en')

/**
 * The profile an approved non-resident's application starts with: its own fields, as the applicant gave them. No
 * identifier is among them: a PINFL or a TIN comes only from OneID (docs/decisions/0049-identity-from-oneid.md).
 */
function profileOf(kind: RegistrationKind, a: Application): ProfileFields {
  const common = {
    name: a.name,
    surname: a.surname,
    phone: a.phone,
    website: a.website,
    company_name: a.company_name,
    source: a.source,
    comments: a.comments,
  }
  if (kind === 'investor') return { ...common, position: a.position ?? '', country_id: a.country_id ?? null }
  return { ...common, legal_address: a.legal_address ?? '' }
}

/** Creates the account of an approved non-resident's application; the claim is given back when it cannot be made. */
async function createApplicantAccount(
  db: D1Database,
  ledger: Ledger,
  application: Application,
  now: Date,
  opened: ApprovalAudit['opened'],
): Promise<number> {
  let userId: number | null
  try {
    userId = await insertAccount(
      db,
      {
        email: ledger.email,
        password: null,
        role: ROLES[ledger.kind],
        isResident: false,
        pin: null,
        profile: profileOf(ledger.kind, application),
      },
      now,
    )
  } catch (err) {
    await releaseClaim(db, ledger.id)
    throw err
  }
  if (userId === null) {
    await releaseClaim(db, ledger.id)
    throw alreadyRegistered()
  }
  await setRegistrationUser(db, ledger.id, userId, opened(userId))
  return userId
}

/** Tells a resident applicant that OneID opens their account at the first sign-in. */
async function mailResidentWelcome(env: Env, ledger: Ledger, application: Application, now: Date) {
  const lang = langOf(application)
  const role = ROLES[ledger.kind]
  const link = `${readConfig(env).portalOrigin}/${lang}/auth/one-id?${new URLSearchParams({ role })}`
  await queueMail(env, now, { to: ledger.email.toLowerCase(), lang, kind: 'welcome-resident', props: { role, link } })
}

/** Mails a non-resident applicant a link that sets the first password of their new account. */
async function mailWelcome(env: Env, ledger: Ledger, application: Application, userId: number, now: Date) {
  const lang = langOf(application)
  const email = ledger.email.toLowerCase()
  const role = ROLES[ledger.kind]
  const common = { to: email, lang, userId }
  const link = await issuePasswordLink(env, { id: userId, email, role }, lang, {
    lifetimeMs: WELCOME_LINK_LIFETIME_MS,
    purpose: 'welcome',
    now,
  })
  await queueMail(env, now, { ...common, kind: 'set-password', props: { role, link } })
}

/**
 * The audit of an approval: the rows written with the claim that decides it, and those written with the account's id
 * once it is open (docs/security.md#operator-surface).
 */
type ApprovalAudit = {
  decided: readonly D1PreparedStatement[]
  opened: (userId: number) => readonly D1PreparedStatement[]
}

/**
 * Approves a pending application, exactly once: claims the record, creates the non-resident account of its role with
 * the application's fields, and mails the applicant, in the application's language, a link that sets the first password
 * (72 hours). A resident's application (one from before residents signed up through OneID) makes no account: its
 * PINFL and TIN were typed, and an identity comes only from OneID, which opens the account at the first sign-in; the
 * applicant is mailed so (docs/decisions/0049-identity-from-oneid.md). 409 `invalid_state` when already decided, 409
 * `already_registered` when the e-mail has an account by now.
 */
export async function approveRegistration(
  env: Env,
  id: number,
  now: Date,
  audit: ApprovalAudit = { decided: [], opened: () => [] },
): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  const isResident = application.is_resident === 1
  if (!isResident && (await isEmailTaken(db, ledger.email))) throw alreadyRegistered()
  // The claim decides between two approvals (or an approval and a rejection) at once: only one changes the row.
  if (!(await claimForApproval(db, id, now, audit.decided))) throw new GatewayError(409, 'invalid_state')
  if (isResident) {
    await mailResidentWelcome(env, ledger, application, now)
    return { id, state: 'approved', user_id: null }
  }
  const userId = await createApplicantAccount(db, ledger, application, now, audit.opened)
  await mailWelcome(env, ledger, application, userId, now)
  return { id, state: 'approved', user_id: userId }
}

/** Rejects a pending application and mails the reason in the application's language; 409 when already decided. */
export async function rejectRegistration(
  env: Env,
  id: number,
  reason: string,
  now: Date,
  audit: readonly D1PreparedStatement[] = [],
): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  if (!(await rejectPending(db, id, reason, now, audit))) throw new GatewayError(409, 'invalid_state')
  const lang = langOf(application)
  await queueMail(env, now, { kind: 'registration-rejected', to: ledger.email, lang, props: { reason } })
  return { id, state: 'rejected', user_id: null }
}
