/**
 * Registration applications and their decisions (docs/product.md#registration): an application is stored with a
 * pending record; approving it creates the account of its role and residency from its fields and mails the applicant
 * how to sign in; rejecting it mails the reason. Moderators (`/dev/moderate`) and operators (`/core/operator/*`) decide
 * through the same functions.
 */

import { isLocale, type Locale } from '../../../../contract/locales'
import type { REGISTRATION_KINDS } from '../../../../contract/operators/values'
import { readConfig } from '../../lib/config'
import type { Role } from '../../lib/context'
import { insertStatement } from '../../lib/db'
import { GatewayError } from '../../lib/envelope'
import { issuePasswordLink, WELCOME_LINK_LIFETIME_MS } from '../auth/reset-links'
import {
  composeRegistrationRejectedEmail,
  composeResidentWelcomeEmail,
  composeWelcomeEmail,
  createMailer,
  type DuplicateRegistration,
} from '../mail/messages'
import { insertAccount, type ProfileFields } from '../profile/accounts'

/** The two registration forms. */
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number]

const TABLES: Record<RegistrationKind, string> = {
  investor: 'investor_registrations',
  business: 'business_registrations',
}
const ROLES: Record<RegistrationKind, Role> = { investor: 'investor', business: 'businessmen' }

/** A decision's outcome, as the moderation and operator calls answer it. */
export type RegistrationDecision = { id: number; state: 'approved' | 'rejected'; user_id: number | null }

/** An application waiting for a decision, as listed to moderators and operators. */
export type PendingRegistration = {
  id: number
  kind: RegistrationKind
  email: string
  name: string
  surname: string
  company_name: string
  is_resident: boolean
  lang: string
  created_at: string
}

/** The refusal of an approval whose e-mail has an account by now: 409 naming `email`. */
function alreadyRegistered(): GatewayError {
  return new GatewayError(409, 'already_registered', 'already_registered', ['email'])
}

/**
 * The refusal of an approval whose company TIN or personal PINFL another account holds: 409 naming the field. Two
 * accounts never share one, since personal services answer from the account's own record
 * (docs/security.md#personal-services).
 */
function identifierTaken(field: 'tin' | 'pin'): GatewayError {
  return new GatewayError(409, 'identifier_taken', 'identifier_taken', [field])
}

async function assertIdentifiersFree(db: D1Database, ids: { tin: string; pin: string }): Promise<void> {
  if (ids.tin && (await db.prepare('SELECT 1 FROM profiles WHERE tin = ?').bind(ids.tin).first()))
    throw identifierTaken('tin')
  if (ids.pin && (await db.prepare('SELECT 1 FROM users WHERE pin = ?').bind(ids.pin).first()))
    throw identifierTaken('pin')
}

/** Whether `email` belongs to an account or to an application waiting for a decision, or neither. */
async function findDuplicate(db: D1Database, email: string): Promise<DuplicateRegistration | null> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1) AS account,
         EXISTS (SELECT 1 FROM registrations WHERE email = ?1 AND state = 'pending') AS pending`,
    )
    .bind(email)
    .first<{ account: number; pending: number }>()
  if (row?.account === 1) return 'account'
  if (row?.pending === 1) return 'pending'
  return null
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
  const insert = async (duplicate: DuplicateRegistration | null) => {
    const at = now.toISOString()
    const record = duplicate
      ? db
          .prepare(
            "INSERT INTO registrations (kind, application_id, email, state, reason, decided_at, created_at) VALUES (?, last_insert_rowid(), ?, 'rejected', ?, ?, ?)",
          )
          .bind(kind, email, `duplicate: ${duplicate}`, at, at)
      : db
          .prepare(
            'INSERT INTO registrations (kind, application_id, email, created_at) VALUES (?, last_insert_rowid(), ?, ?)',
          )
          .bind(kind, email, at)
    const [inserted] = await db.batch<{ id: number }>([insertStatement(db, TABLES[kind], row), record])
    return { id: inserted!.results[0]!.id, duplicate }
  }
  const duplicate = await findDuplicate(db, email)
  if (duplicate) return insert(duplicate)
  try {
    return await insert(null)
  } catch (err) {
    // Two applications for one e-mail at once: the pending-e-mail index lets only the first wait.
    if (err instanceof Error && /UNIQUE constraint failed: registrations\.email/.test(err.message))
      return insert('pending')
    throw err
  }
}

/** Applications waiting for a decision, oldest first. */
export async function listPendingRegistrations(db: D1Database): Promise<PendingRegistration[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.kind, r.email, r.created_at, coalesce(i.name, b.name, '') AS name, coalesce(i.surname, b.surname, '') AS surname,
         coalesce(i.company_name, b.company_name, '') AS company_name, coalesce(i.is_resident, b.is_resident, 0) AS is_resident,
         coalesce(i.lang, b.lang, 'en') AS lang
       FROM registrations r
       LEFT JOIN investor_registrations i ON r.kind = 'investor' AND i.id = r.application_id
       LEFT JOIN business_registrations b ON r.kind = 'business' AND b.id = r.application_id
       WHERE r.state = 'pending' ORDER BY r.id`,
    )
    .all<Omit<PendingRegistration, 'is_resident'> & { is_resident: number }>()
  return results.map((r) => ({ ...r, is_resident: r.is_resident === 1 }))
}

type Ledger = { id: number; kind: RegistrationKind; application_id: number; email: string; state: string }

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
  const ledger = await db
    .prepare('SELECT id, kind, application_id, email, state FROM registrations WHERE id = ?')
    .bind(id)
    .first<Ledger>()
  const application = ledger
    ? await db
        .prepare(`SELECT * FROM ${TABLES[ledger.kind]} WHERE id = ?`)
        .bind(ledger.application_id)
        .first<Application>()
    : null
  if (!ledger || !application) throw new GatewayError(404, 'not_found')
  return { ledger, application }
}

const langOf = (a: Application): Locale => (isLocale(a.lang) ? a.lang : 'en')

/** The profile an approved application starts with: its own fields, as the applicant gave them. */
function profileOf(kind: RegistrationKind, a: Application): ProfileFields {
  const common = {
    name: a.name,
    surname: a.surname,
    phone: a.phone,
    pin: a.pin ?? '',
    website: a.website,
    company_name: a.company_name,
    source: a.source,
    comments: a.comments,
  }
  if (kind === 'investor') return { ...common, position: a.position ?? '', country_id: a.country_id ?? null }
  return { ...common, tin: a.tin ?? '', legal_address: a.legal_address ?? '' }
}

/**
 * Approves a pending application, exactly once: claims the record, creates the account of its role and residency with
 * the application's fields, and mails the applicant in the application's language: a non-resident a link that sets
 * the first password (72 hours), a resident that OneID now signs them in. 409 `invalid_state` when already decided,
 * 409 `already_registered` when the e-mail has an account by now, 409 `identifier_taken` when its TIN or PINFL
 * belongs to another account.
 */
export async function approveRegistration(env: Env, id: number, now: Date): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  if (await db.prepare('SELECT 1 FROM users WHERE email = ?').bind(ledger.email).first()) throw alreadyRegistered()
  const isResident = application.is_resident === 1
  await assertIdentifiersFree(db, {
    tin: ledger.kind === 'business' ? (application.tin ?? '') : '',
    pin: isResident ? (application.pin ?? '') : '',
  })
  const at = now.toISOString()
  // The claim decides between two approvals (or an approval and a rejection) at once: only one changes the row.
  const claimed = await db
    .prepare(
      "UPDATE registrations SET state = 'approved', decided_at = ?, reason = NULL WHERE id = ? AND state = 'pending'",
    )
    .bind(at, id)
    .run()
  if (claimed.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  const release = () =>
    db
      .prepare("UPDATE registrations SET state = 'pending', decided_at = NULL WHERE id = ? AND user_id IS NULL")
      .bind(id)
      .run()
  const role = ROLES[ledger.kind]
  let userId: number | null
  try {
    userId = await insertAccount(
      db,
      {
        email: ledger.email,
        password: null,
        role,
        isResident,
        pin: isResident ? application.pin : null,
        profile: profileOf(ledger.kind, application),
      },
      now,
    )
  } catch (err) {
    await release()
    // Another approval took the identifier in the meantime: the unique index is the last word.
    if (err instanceof Error && /UNIQUE constraint failed: profiles\.tin/.test(err.message))
      throw identifierTaken('tin')
    if (err instanceof Error && /UNIQUE constraint failed: users\.pin/.test(err.message)) throw identifierTaken('pin')
    throw err
  }
  if (userId === null) {
    await release()
    throw alreadyRegistered()
  }
  await db.prepare('UPDATE registrations SET user_id = ? WHERE id = ?').bind(userId, id).run()
  const lang = langOf(application)
  const email = ledger.email.toLowerCase()
  const mailer = createMailer(env, now)
  if (isResident) {
    const signIn = `${readConfig(env).portalOrigin}/${lang}/auth/one-id?${new URLSearchParams({ role })}`
    await mailer.send(composeResidentWelcomeEmail(email, role, signIn, lang))
  } else {
    const link = await issuePasswordLink(env, { id: userId, email, role }, lang, {
      lifetimeMs: WELCOME_LINK_LIFETIME_MS,
      purpose: 'welcome',
      now,
    })
    await mailer.send(composeWelcomeEmail(email, role, link, lang))
  }
  return { id, state: 'approved', user_id: userId }
}

/** Rejects a pending application and mails the reason in the application's language; 409 when already decided. */
export async function rejectRegistration(
  env: Env,
  id: number,
  reason: string,
  now: Date,
): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  const rejected = await db
    .prepare(
      "UPDATE registrations SET state = 'rejected', reason = ?, decided_at = ? WHERE id = ? AND state = 'pending'",
    )
    .bind(reason, now.toISOString(), id)
    .run()
  if (rejected.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  await createMailer(env, now).send(composeRegistrationRejectedEmail(ledger.email, reason, langOf(application)))
  return { id, state: 'rejected', user_id: null }
}
