/**
 * Registration applications and their decisions (docs/product.md#registration): an application is stored with a
 * pending record; approving it creates the account of its role and residency from its fields and mails the applicant
 * how to sign in; rejecting it mails the reason. Moderators (`/dev/moderate`) and operators (`/core/operator/*`) decide
 * through the same functions.
 */
import { insertAccount, type ProfileFields } from './accounts'
import { readConfig } from './config'
import type { Role } from './context'
import { insertStatement } from './db'
import { composeRegistrationRejectedEmail, composeResidentWelcomeEmail, composeWelcomeEmail, createMailer } from './email'
import { GatewayError } from './envelope'
import { LANGS, type Lang } from './lang'
import { issuePasswordLink, WELCOME_LINK_LIFETIME_MS } from './reset-links'

/** The two registration forms. */
export type RegistrationKind = 'investor' | 'business'

const TABLES: Record<RegistrationKind, string> = { investor: 'investor_registrations', business: 'business_registrations' }
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

/** The refusal of an application whose e-mail has an account or another application waiting: 409 naming `email`. */
export function alreadyRegistered(): GatewayError {
  return new GatewayError(409, 'already_registered', 'already_registered', ['email'])
}

/** True when `email` belongs to an account or to an application waiting for a decision. */
async function isEmailTaken(db: D1Database, email: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1) OR EXISTS (SELECT 1 FROM registrations WHERE email = ?1 AND state = 'pending')
       AS taken`,
    )
    .bind(email)
    .first<{ taken: number }>()
  return row?.taken === 1
}

/**
 * Stores an application (`row`, the columns of its form's table) with its pending record, in one transaction, and
 * returns the application's id. An e-mail that has an account or another application waiting is refused.
 */
export async function storeApplication(db: D1Database, kind: RegistrationKind, row: Record<string, unknown>, email: string, now: Date): Promise<number> {
  if (await isEmailTaken(db, email)) throw alreadyRegistered()
  try {
    const [inserted] = await db.batch<{ id: number }>([
      insertStatement(db, TABLES[kind], row),
      db
        .prepare('INSERT INTO registrations (kind, application_id, email, created_at) VALUES (?, last_insert_rowid(), ?, ?)')
        .bind(kind, email, now.toISOString()),
    ])
    return inserted!.results[0]!.id
  } catch (err) {
    // Two applications for one e-mail at once: the pending-e-mail index lets only the first in.
    if (err instanceof Error && /UNIQUE constraint failed: registrations\.email/.test(err.message)) throw alreadyRegistered()
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
  const ledger = await db.prepare('SELECT id, kind, application_id, email, state FROM registrations WHERE id = ?').bind(id).first<Ledger>()
  const application = ledger
    ? await db.prepare(`SELECT * FROM ${TABLES[ledger.kind]} WHERE id = ?`).bind(ledger.application_id).first<Application>()
    : null
  if (!ledger || !application) throw new GatewayError(404, 'not_found')
  return { ledger, application }
}

const langOf = (a: Application): Lang => ((LANGS as readonly string[]).includes(a.lang) ? (a.lang as Lang) : 'en')

/** The profile an approved application starts with: its own fields, as the applicant gave them. */
function profileOf(kind: RegistrationKind, a: Application): ProfileFields {
  const common = {
    name: a.name, surname: a.surname, phone: a.phone, pin: a.pin ?? '', website: a.website, company_name: a.company_name,
    source: a.source, comments: a.comments,
  }
  if (kind === 'investor') return { ...common, position: a.position ?? '', country_id: a.country_id ?? null }
  return { ...common, tin: a.tin ?? '', legal_address: a.legal_address ?? '' }
}

/**
 * Approves a pending application, exactly once: claims the record, creates the account of its role and residency with
 * the application's fields, and mails the applicant in the application's language: a non-resident a link that sets
 * the first password (72 hours), a resident that OneID now signs them in. 409 `invalid_state` when already decided,
 * 409 `already_registered` when the e-mail has an account by now.
 */
export async function approveRegistration(env: Env, id: number, now: Date): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  if (await db.prepare('SELECT 1 FROM users WHERE email = ?').bind(ledger.email).first()) throw alreadyRegistered()
  const at = now.toISOString()
  // The claim decides between two approvals (or an approval and a rejection) at once: only one changes the row.
  const claimed = await db
    .prepare("UPDATE registrations SET state = 'approved', decided_at = ?, reason = NULL WHERE id = ? AND state = 'pending'")
    .bind(at, id)
    .run()
  if (claimed.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  const release = () =>
    db.prepare("UPDATE registrations SET state = 'pending', decided_at = NULL WHERE id = ? AND user_id IS NULL").bind(id).run()
  const role = ROLES[ledger.kind]
  const isResident = application.is_resident === 1
  let userId: number | null
  try {
    userId = await insertAccount(
      db,
      { email: ledger.email, password: null, role, isResident, pin: isResident ? application.pin : null, profile: profileOf(ledger.kind, application) },
      now,
    )
  } catch (err) {
    await release()
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
    const link = await issuePasswordLink(env, { id: userId, email, role }, lang, { lifetimeMs: WELCOME_LINK_LIFETIME_MS, purpose: 'welcome', now })
    await mailer.send(composeWelcomeEmail(email, role, link, lang))
  }
  return { id, state: 'approved', user_id: userId }
}

/** Rejects a pending application and mails the reason in the application's language; 409 when already decided. */
export async function rejectRegistration(env: Env, id: number, reason: string, now: Date): Promise<RegistrationDecision> {
  const db = env.DB
  const { ledger, application } = await readRegistration(db, id)
  if (ledger.state !== 'pending') throw new GatewayError(409, 'invalid_state')
  const rejected = await db
    .prepare("UPDATE registrations SET state = 'rejected', reason = ?, decided_at = ? WHERE id = ? AND state = 'pending'")
    .bind(reason, now.toISOString(), id)
    .run()
  if (rejected.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  await createMailer(env, now).send(composeRegistrationRejectedEmail(ledger.email, reason, langOf(application)))
  return { id, state: 'rejected', user_id: null }
}
