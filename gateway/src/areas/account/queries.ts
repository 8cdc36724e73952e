/**
 * The account area's SQL: a person's sessions, e-mail changes, data exports, and the account's states (blocked by
 * staff, deleted by its owner, erased by the retention cron or an admin).
 */
import type { Locale } from '../../../../contract/locales'
import { placeholders } from '../../lib/db'
import { col } from '../../lib/lang'

// Sessions

/** A session as its person (and staff) see it. */
export type SessionRow = {
  id: number
  browser: string | null
  os: string | null
  country: string | null
  city: string | null
  created_at: string
  last_used_at: string
}

/** The live sessions of an account (not revoked, within their absolute and idle expiry), last used first. */
export async function listLiveSessions(db: D1Database, userId: number, now: Date, idleCutoff: string) {
  const { results } = await db
    .prepare(
      `SELECT id, browser, os, country, city, created_at, last_used_at FROM tokens
       WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? AND last_used_at > ?
       ORDER BY last_used_at DESC, id DESC LIMIT 100`,
    )
    .bind(userId, now.toISOString(), idleCutoff)
    .all<SessionRow>()
  return results
}

/** Ends one live session of the account; false when it is not the account's, or not live. */
export async function endSession(
  db: D1Database,
  session: { userId: number; id: number },
  now: Date,
  idleCutoff: string,
): Promise<boolean> {
  const at = now.toISOString()
  const ended = await db
    .prepare(
      `UPDATE tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?
         AND last_used_at > ?`,
    )
    .bind(at, session.id, session.userId, at, idleCutoff)
    .run()
  return ended.meta.changes === 1
}

/** Ends every live session of the account but `keepId` (none kept with 0); answers how many ended. */
export async function endSessions(db: D1Database, userId: number, keepId: number, now: Date): Promise<number> {
  const at = now.toISOString()
  const ended = await db
    .prepare('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL AND expires_at > ?')
    .bind(at, userId, keepId, at)
    .run()
  return ended.meta.changes
}

// E-mail changes

/** Voids the account's live e-mail change links and records a new one (its token as a hash), in one transaction. */
export async function replaceEmailChange(
  db: D1Database,
  change: { uuid: string; userId: number; newEmail: string; tokenHash: string; lang: Locale; expiresAt: Date },
  now: Date,
): Promise<void> {
  const at = now.toISOString()
  await db.batch([
    db.prepare('UPDATE email_changes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(at, change.userId),
    db
      .prepare(
        `INSERT INTO email_changes (uuid, user_id, new_email, token_hash, lang, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        change.uuid,
        change.userId,
        change.newEmail,
        change.tokenHash,
        change.lang,
        change.expiresAt.toISOString(),
        at,
      ),
  ])
}

/** An e-mail change link not used and not expired, of an account neither blocked nor deleted. */
export type LiveEmailChange = {
  id: number
  user_id: number
  new_email: string
  token_hash: string
  lang: string
  old_email: string
}

export async function findLiveEmailChange(db: D1Database, uuid: string, now: Date): Promise<LiveEmailChange | null> {
  return db
    .prepare(
      `SELECT e.id, e.user_id, e.new_email, e.token_hash, e.lang, u.email AS old_email
       FROM email_changes e JOIN users u ON u.id = e.user_id
       WHERE e.uuid = ? AND e.used_at IS NULL AND e.expires_at > ? AND u.blocked_at IS NULL AND u.deleted_at IS NULL`,
    )
    .bind(uuid, now.toISOString())
    .first<LiveEmailChange>()
}

/** Spends an e-mail change link; false when another request spent it first. */
export async function spendEmailChange(db: D1Database, id: number, now: Date): Promise<boolean> {
  const used = await db
    .prepare('UPDATE email_changes SET used_at = ? WHERE id = ? AND used_at IS NULL')
    .bind(now.toISOString(), id)
    .run()
  return used.meta.changes === 1
}

/**
 * Sets an account's e-mail (its sign-in and its profile's contact address) and voids its other change links; throws
 * when another account has the address (the unique index of `users.email`).
 */
export async function setAccountEmail(db: D1Database, userId: number, email: string, now: Date): Promise<void> {
  await db.batch(accountEmailStatements(db, userId, email, now))
}

/** The statements of `setAccountEmail`, for a batch that carries more (an operator's audit row). */
export function accountEmailStatements(
  db: D1Database,
  userId: number,
  email: string,
  now: Date,
): D1PreparedStatement[] {
  const at = now.toISOString()
  return [
    db.prepare('UPDATE users SET email = ?, updated_at = ? WHERE id = ?').bind(email, at, userId),
    db.prepare('UPDATE profiles SET email = ? WHERE user_id = ?').bind(email, userId),
    db.prepare('UPDATE email_changes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(at, userId),
  ]
}

/** Sets an account's phone (its profile's), as a statement for the caller's batch. */
export function accountPhoneStatement(db: D1Database, userId: number, phone: string): D1PreparedStatement {
  return db.prepare('UPDATE profiles SET phone = ? WHERE user_id = ?').bind(phone, userId)
}

// Data exports

/** A data export of an account. */
export type ExportRow = {
  id: number
  user_id: number
  state: 'pending' | 'ready' | 'failed'
  r2_key: string | null
  size: number | null
  lang: string
  created_at: string
  ready_at: string | null
  expires_at: string | null
}

/** The account's latest export, whatever its state. */
export async function findLatestExport(db: D1Database, userId: number): Promise<ExportRow | null> {
  return db
    .prepare('SELECT * FROM data_exports WHERE user_id = ? ORDER BY id DESC LIMIT 1')
    .bind(userId)
    .first<ExportRow>()
}

export async function readExport(db: D1Database, id: number): Promise<ExportRow | null> {
  return db.prepare('SELECT * FROM data_exports WHERE id = ?').bind(id).first<ExportRow>()
}

/** Records an export being made; answers its id. */
export async function insertExport(db: D1Database, userId: number, lang: Locale, now: Date): Promise<number> {
  const row = await db
    .prepare("INSERT INTO data_exports (user_id, state, lang, created_at) VALUES (?, 'pending', ?, ?) RETURNING id")
    .bind(userId, lang, now.toISOString())
    .first<{ id: number }>()
  return row!.id
}

/** Marks a pending export made: its file, size and until when it is offered. */
export async function markExportReady(
  db: D1Database,
  id: number,
  file: { key: string; size: number; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  const done = await db
    .prepare(
      "UPDATE data_exports SET state = 'ready', r2_key = ?, size = ?, ready_at = ?, expires_at = ? WHERE id = ? AND state = 'pending'",
    )
    .bind(file.key, file.size, now.toISOString(), file.expiresAt.toISOString(), id)
    .run()
  return done.meta.changes === 1
}

export async function markExportFailed(db: D1Database, id: number): Promise<void> {
  await db.prepare("UPDATE data_exports SET state = 'failed' WHERE id = ? AND state = 'pending'").bind(id).run()
}

/** The account's exports other than `keepId`, with their files: what a new export replaces. */
export async function listOtherExports(db: D1Database, userId: number, keepId: number) {
  const { results } = await db
    .prepare('SELECT id, r2_key FROM data_exports WHERE user_id = ? AND id <> ?')
    .bind(userId, keepId)
    .all<{ id: number; r2_key: string | null }>()
  return results
}

/** Exports no longer offered (expired), or given up on, before `cutoff`; at most `limit`. */
export async function listExpiredExports(db: D1Database, now: Date, cutoff: string, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT id, r2_key FROM data_exports
       WHERE (state = 'ready' AND expires_at <= ?) OR (state <> 'ready' AND created_at <= ?) LIMIT ?`,
    )
    .bind(now.toISOString(), cutoff, limit)
    .all<{ id: number; r2_key: string | null }>()
  return results
}

export async function deleteExportRows(db: D1Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .prepare(`DELETE FROM data_exports WHERE id IN (${placeholders(ids.length)})`)
    .bind(...ids)
    .run()
}

/** How many records an export of the account would hold: what decides whether the export queue makes it. */
export async function countExportRecords(db: D1Database, userId: number, email: string): Promise<number> {
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM appeals WHERE user_id = ?1)
         + (SELECT count(*) FROM appeal_responses r JOIN appeals a ON a.id = r.appeal_id WHERE a.user_id = ?1)
         + (SELECT count(*) FROM personal_projects WHERE user_id = ?1)
         + (SELECT count(*) FROM notifications WHERE user_id = ?1)
         + (SELECT count(*) FROM event_applications WHERE email = ?2 COLLATE NOCASE) AS n`,
    )
    .bind(userId, email)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** The account's appeals, oldest first, with topic, type and region named in `lang`. */
export async function listExportAppeals(db: D1Database, userId: number, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT a.id, ${col('t.title', lang, 'topic')}, ${col('ty.title', lang, 'type')}, ${col('r.region', lang, 'region')},
         a.status, a.text, a.reject_reason, a.resolve_reason, a.created_at, a.updated_at
       FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id JOIN appeal_topics ty ON ty.id = a.type_id
       LEFT JOIN regions r ON r.id = a.region_id WHERE a.user_id = ? ORDER BY a.id`,
    )
    .bind(userId)
    .all<{
      id: number
      topic: string
      type: string
      region: string | null
      status: string
      text: string
      reject_reason: string | null
      resolve_reason: string | null
      created_at: string
      updated_at: string
    }>()
  return results
}

/** Every message of the account's appeals' threads, in order. */
export async function listExportReplies(db: D1Database, userId: number) {
  const { results } = await db
    .prepare(
      `SELECT r.appeal_id, r.owner, r.admin, r.response, r.created FROM appeal_responses r
       JOIN appeals a ON a.id = r.appeal_id WHERE a.user_id = ? ORDER BY r.appeal_id, r.id`,
    )
    .bind(userId)
    .all<{ appeal_id: number; owner: number; admin: string | null; response: string; created: string }>()
  return results
}

/** The account's project proposals, oldest first, with category, sector and region named in `lang`. */
export async function listExportProjects(db: D1Database, userId: number, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.title_uz, p.title_ru, p.title_en, p.content_uz, p.content_ru, p.content_en,
         ${col('pc.title', lang, 'category')}, ${col('s.content', lang, 'sector')}, ${col('r.region', lang, 'region')},
         p.budget, p.status, p.latitude, p.longitude, p.phone, p.email, p.state, p.reject_reason, p.draft, p.visible,
         p.created_at, p.updated_at
       FROM personal_projects p LEFT JOIN project_categories pc ON pc.id = p.category_id
       LEFT JOIN sectors s ON s.id = p.sector_id LEFT JOIN regions r ON r.id = p.region_id
       WHERE p.user_id = ? ORDER BY p.id`,
    )
    .bind(userId)
    .all<Record<string, unknown> & { id: number }>()
  return results
}

/** The cash-flow rows of the account's projects. */
export async function listExportBudgets(db: D1Database, userId: number) {
  const { results } = await db
    .prepare(
      `SELECT b.project_id, b.sum FROM personal_project_budgets b JOIN personal_projects p ON p.id = b.project_id
       WHERE p.user_id = ? ORDER BY b.project_id, b.id`,
    )
    .bind(userId)
    .all<{ project_id: number; sum: number }>()
  return results
}

/** The files of the account's projects: which project, which slot, and the file. */
export async function listExportProjectFiles(db: D1Database, userId: number) {
  const { results } = await db
    .prepare(
      `SELECT p.id AS project_id, f.id, f.original_name, f.size, f.content_type,
         CASE f.id WHEN p.upload_file_id THEN 'image' WHEN p.presentation_uz_file_id THEN 'presentation_uz'
           WHEN p.presentation_ru_file_id THEN 'presentation_ru' ELSE 'presentation_en' END AS slot
       FROM personal_projects p JOIN files f ON f.id IN (p.upload_file_id, p.presentation_uz_file_id,
         p.presentation_ru_file_id, p.presentation_en_file_id)
       WHERE p.user_id = ? ORDER BY p.id, f.created_at`,
    )
    .bind(userId)
    .all<{ project_id: number; id: string; original_name: string; size: number; content_type: string; slot: string }>()
  return results
}

/**
 * The event applications made with the account's address on the public form, with the event named in `lang`. Only
 * what says what the application was for: the form is public, so anyone may have typed the address, and the identity
 * documents someone typed (passport number, birth date and place, address) are not theirs to read
 * (docs/decisions/0029-data-residency.md#erasing-an-account).
 */
export async function listExportEventApplications(db: D1Database, email: string, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.event_id, ${col('e.name', lang, 'event')}, a.role, a.first_name, a.last_name, a.organization,
         a.position, a.created_at
       FROM event_applications a LEFT JOIN events e ON e.id = a.event_id WHERE a.email = ? COLLATE NOCASE ORDER BY a.id`,
    )
    .bind(email)
    .all<{
      id: number
      event_id: number
      event: string | null
      role: string
      first_name: string
      last_name: string
      organization: string
      position: string
      created_at: string
    }>()
  return results
}

/** The account's notifications, oldest first, in `lang`. */
export async function listExportNotifications(db: D1Database, userId: number, lang: Locale) {
  const { results } = await db
    .prepare(
      `SELECT id, type, ${col('message', lang, 'message')}, link, seen, created FROM notifications
       WHERE user_id = ? ORDER BY id`,
    )
    .bind(userId)
    .all<{ id: number; type: string; message: string; link: string; seen: number; created: string }>()
  return results
}

/** When the account was made. */
export async function readAccountCreated(db: D1Database, userId: number): Promise<string | null> {
  const row = await db.prepare('SELECT created_at FROM users WHERE id = ?').bind(userId).first<{ created_at: string }>()
  return row?.created_at ?? null
}

// The account's states

/** The account's state as staff see it. */
export type AccountStateRow = {
  id: number
  email: string
  is_resident: number
  blocked_at: string | null
  deleted_at: string | null
  erase_after: string | null
}

export async function readAccountState(db: D1Database, userId: number): Promise<AccountStateRow | null> {
  return db
    .prepare('SELECT id, email, is_resident, blocked_at, deleted_at, erase_after FROM users WHERE id = ?')
    .bind(userId)
    .first<AccountStateRow>()
}

/** What ends with an account's sessions: its tokens, its links, its push devices and trusted browsers. */
function endEverything(db: D1Database, userId: number, at: string): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').bind(at, userId),
    db.prepare('UPDATE reset_links SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(at, userId),
    db.prepare('UPDATE email_changes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(at, userId),
    db.prepare('DELETE FROM fcm_tokens WHERE user_id = ?').bind(userId),
  ]
}

/**
 * Marks the account deleted by its owner, to be erased after `eraseAfter`, and ends everything that signs it in, in
 * one transaction; false when it was deleted already.
 */
export async function markDeleted(db: D1Database, userId: number, eraseAfter: Date, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const [marked] = await db.batch([
    db
      .prepare('UPDATE users SET deleted_at = ?, erase_after = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL')
      .bind(at, eraseAfter.toISOString(), at, userId),
    ...endEverything(db, userId, at),
    db.prepare('DELETE FROM trusted_devices WHERE user_id = ?').bind(userId),
  ])
  return marked!.meta.changes === 1
}

/** Blocks an active account and ends its sessions; false when it is blocked or deleted already. */
export async function markBlocked(
  db: D1Database,
  userId: number,
  now: Date,
  audit: D1PreparedStatement,
): Promise<boolean> {
  const at = now.toISOString()
  const [marked] = await db.batch([
    db
      .prepare(
        'UPDATE users SET blocked_at = ?, updated_at = ? WHERE id = ? AND blocked_at IS NULL AND deleted_at IS NULL',
      )
      .bind(at, at, userId),
    audit,
    ...endEverything(db, userId, at),
  ])
  return marked!.meta.changes === 1
}

/** Unblocks a blocked account; false when it is not blocked (or deleted meanwhile). */
export async function markUnblocked(
  db: D1Database,
  userId: number,
  now: Date,
  audit: D1PreparedStatement,
): Promise<boolean> {
  const [unblocked] = await db.batch([
    db
      .prepare(
        'UPDATE users SET blocked_at = NULL, updated_at = ? WHERE id = ? AND blocked_at IS NOT NULL AND deleted_at IS NULL',
      )
      .bind(now.toISOString(), userId),
    audit,
  ])
  return unblocked!.meta.changes === 1
}

/** Deleted accounts whose grace period is over at `now`, at most `limit`. */
export async function listDueErasures(db: D1Database, now: Date, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT id FROM users WHERE erase_after IS NOT NULL AND erase_after <= ? ORDER BY erase_after LIMIT ?')
    .bind(now.toISOString(), limit)
    .all<{ id: number }>()
  return results.map((r) => r.id)
}

/** The stored files an account owns (its projects' images and presentations) and its exports' files. */
export async function listAccountFiles(db: D1Database, userId: number) {
  const files = await db.prepare('SELECT id FROM files WHERE owner_user_id = ?').bind(userId).all<{ id: string }>()
  const exports = await db
    .prepare('SELECT r2_key FROM data_exports WHERE user_id = ? AND r2_key IS NOT NULL')
    .bind(userId)
    .all<{ r2_key: string }>()
  return { fileIds: files.results.map((r) => r.id), exportKeys: exports.results.map((r) => r.r2_key) }
}

/**
 * Erases an account's rows in one transaction (docs/decisions/0029-data-residency.md#erasing-an-account): its appeals
 * are kept for the agency's record without who wrote them; the registration applications made with its address or
 * opening it, the mail to its address and the person's values in the audit log go; deleting the user takes its
 * profile, sessions, links, devices, notifications, projects and exports with it (foreign keys).
 */
export async function eraseAccountRows(
  db: D1Database,
  userId: number,
  email: string,
  audit?: D1PreparedStatement,
): Promise<void> {
  const theirs = 'FROM registrations WHERE (user_id = ?1 OR email = ?2)'
  await db.batch([
    db.prepare("UPDATE appeals SET user_id = NULL, full_name = '', email = '' WHERE user_id = ?").bind(userId),
    db
      .prepare(`DELETE FROM investor_registrations WHERE id IN (SELECT application_id ${theirs} AND kind = 'investor')`)
      .bind(userId, email),
    db
      .prepare(`DELETE FROM business_registrations WHERE id IN (SELECT application_id ${theirs} AND kind = 'business')`)
      .bind(userId, email),
    db.prepare(`DELETE ${theirs}`).bind(userId, email),
    db.prepare('DELETE FROM outbox WHERE to_email = ?').bind(email),
    db
      .prepare("UPDATE audit_log SET before = NULL, after = NULL WHERE target_kind = 'person' AND target_id = ?")
      .bind(userId),
    db.prepare('DELETE FROM users WHERE id = ?').bind(userId),
    // An operator's erasing is audited in the same transaction (docs/security.md#operator-surface).
    ...(audit ? [audit] : []),
  ])
}
