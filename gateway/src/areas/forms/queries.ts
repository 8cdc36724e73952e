/** The forms area's SQL: contact requests, event applications, registration applications and their decisions. */
import { insertSql, runWith } from '../../lib/db'
import type { DuplicateRegistration } from '../mail/templates/account'

/** Records a form's row (its columns written in code, never from input); answers its id. */
export async function insertFormRow(db: D1Database, table: string, row: Record<string, unknown>): Promise<number> {
  const { sql, args } = insertSql(table, row)
  const inserted = await db
    .prepare(sql)
    .bind(...args)
    .first<{ id: number }>()
  return inserted!.id
}

/** The dates of an event readers see (published), or null. */
export function readPublishedEventDates(db: D1Database, id: number) {
  return db
    .prepare("SELECT date_from, date_to FROM events WHERE id = ? AND publication = 'published'")
    .bind(id)
    .first<{ date_from: string; date_to: string }>()
}

/** Whether `email` belongs to an account or to an application waiting for a decision, or neither. */
export async function findDuplicate(db: D1Database, email: string): Promise<DuplicateRegistration | null> {
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

/**
 * Records an application (`row`, in the form's `table`) with its ledger record, in one transaction; answers the
 * application's id. A `duplicate` is recorded as already decided (rejected as a duplicate), so no moderator sees it.
 */
export async function insertApplication(
  db: D1Database,
  application: { table: string; row: Record<string, unknown>; kind: string; email: string },
  duplicate: DuplicateRegistration | null,
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  const { kind, email } = application
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
  const { sql, args } = insertSql(application.table, application.row)
  const [inserted] = await db.batch<{ id: number }>([db.prepare(sql).bind(...args), record])
  return inserted!.results[0]!.id
}

/** A registration's ledger record. */
export type Ledger = { id: number; kind: 'investor' | 'business'; application_id: number; email: string; state: string }

export async function readLedger(db: D1Database, id: number): Promise<Ledger | null> {
  return db
    .prepare('SELECT id, kind, application_id, email, state FROM registrations WHERE id = ?')
    .bind(id)
    .first<Ledger>()
}

/** An application's row in its form's table. */
export async function readApplicationRow<T>(db: D1Database, table: string, id: number): Promise<T | null> {
  return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<T>()
}

/** Claims a pending registration for approval; false when it was decided already. */
export async function claimForApproval(
  db: D1Database,
  id: number,
  now: Date,
  also: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const claim = db
    .prepare(
      "UPDATE registrations SET state = 'approved', decided_at = ?, reason = NULL WHERE id = ? AND state = 'pending'",
    )
    .bind(now.toISOString(), id)
  return (await runWith(db, claim, also)) === 1
}

/** Gives back a claim whose account could not be made. */
export async function releaseClaim(db: D1Database, id: number): Promise<void> {
  await db
    .prepare("UPDATE registrations SET state = 'pending', decided_at = NULL WHERE id = ? AND user_id IS NULL")
    .bind(id)
    .run()
}

/** Records the account an approval made. */
export async function setRegistrationUser(
  db: D1Database,
  id: number,
  userId: number,
  also: readonly D1PreparedStatement[] = [],
): Promise<void> {
  await db.batch([db.prepare('UPDATE registrations SET user_id = ? WHERE id = ?').bind(userId, id), ...also])
}

/** Rejects a pending registration with its reason; false when it was decided already. */
export async function rejectPending(
  db: D1Database,
  id: number,
  reason: string,
  now: Date,
  also: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const reject = db
    .prepare(
      "UPDATE registrations SET state = 'rejected', reason = ?, decided_at = ? WHERE id = ? AND state = 'pending'",
    )
    .bind(reason, now.toISOString(), id)
  return (await runWith(db, reject, also)) === 1
}

/** An event application as its decision and mails need it. */
export type EventApplicationRecord = {
  id: number
  event_id: number
  role: string
  first_name: string
  last_name: string
  middle_name: string
  email: string
  organization: string
  position: string
  lang: string
  created_at: string
  decision: 'confirmed' | 'declined' | null
}

export async function readEventApplication(db: D1Database, id: number): Promise<EventApplicationRecord | null> {
  return db
    .prepare(
      `SELECT id, event_id, role, first_name, last_name, middle_name, email, organization, position, lang, created_at,
         decision FROM event_applications WHERE id = ?`,
    )
    .bind(id)
    .first<EventApplicationRecord>()
}

/**
 * Records the decision on an undecided application and marks it handled by the operator, with `also` (its audit row) in
 * the same batch; false when it was decided already (the guard in SQL lets one of two operators deciding at once
 * through).
 */
export async function decideApplicationRow(
  db: D1Database,
  id: number,
  decision: { decision: 'confirmed' | 'declined'; reason: string; operatorId: number },
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<boolean> {
  const at = now.toISOString()
  const decide = db
    .prepare(
      `UPDATE event_applications SET decision = ?, decision_reason = ?, decided_at = ?,
         handled_at = coalesce(handled_at, ?), handled_by = coalesce(handled_by, ?)
       WHERE id = ? AND decision IS NULL`,
    )
    .bind(decision.decision, decision.reason || null, at, at, decision.operatorId, id)
  return (await runWith(db, decide, also)) === 1
}
