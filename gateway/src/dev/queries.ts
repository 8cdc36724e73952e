/** The development helpers' SQL (DEV_MODE only): the outbox, the moderation seam's lists, lots, posts, OneID codes. */
import { LOCALES } from '../../../contract/locales'
import type { RegistrationKind } from '../areas/forms/registrations'
import { placeholders } from '../lib/db'

/**
 * An outbox message as `/dev/outbox` answers it, with the links found in its text, its headers, the names and types of
 * its attachments, and how far its delivery got.
 */
export type OutboxMessage = {
  id: number
  to: string
  kind: string | null
  subject: string
  text: string
  html: string
  links: string[]
  headers: Record<string, string>
  attachments: { filename: string; type: string }[]
  status: 'queued' | 'sent' | 'failed'
  attempts: number
  created_at: string
  sent_at: string | null
}

type OutboxRow = Omit<OutboxMessage, 'to' | 'links' | 'headers' | 'attachments'> & {
  to_email: string
  headers_json: string | null
  attachments_json: string | null
}

/** Outbox messages to one address, newest first. */
export async function readOutbox(db: D1Database, email: string): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT id, to_email, kind, subject, text, html, status, attempts, created_at, sent_at, headers_json,
         attachments_json FROM outbox WHERE to_email = ? ORDER BY id DESC LIMIT 50`,
    )
    .bind(email)
    .all<OutboxRow>()
  return results.map(({ to_email, headers_json, attachments_json, ...r }) => ({
    ...r,
    to: to_email,
    links: r.text.match(/https?:\/\/\S+/g) ?? [],
    headers: headers_json ? (JSON.parse(headers_json) as Record<string, string>) : {},
    attachments: attachments_json
      ? (JSON.parse(attachments_json) as { filename: string; type: string }[]).map(({ filename, type }) => ({
          filename,
          type,
        }))
      : [],
  }))
}

/** What waits for a moderator: open appeals and pending projects. */
export async function listOpenCases(db: D1Database) {
  const appeals = await db
    .prepare(
      `SELECT a.id, a.status, a.text, a.created_at, coalesce(u.email, a.email) AS email FROM appeals a LEFT JOIN users u ON u.id = a.user_id
       WHERE a.status IN ('in_moderation', 'reviewed') ORDER BY a.id`,
    )
    .all()
  const projects = await db
    .prepare(
      `SELECT p.id, p.state, coalesce(nullif(p.title_en, ''), nullif(p.title_ru, ''), p.title_uz) AS title, p.created_at, u.email
       FROM personal_projects p JOIN users u ON u.id = p.user_id WHERE p.state = 'pending' AND p.draft = 0 ORDER BY p.id`,
    )
    .all()
  return { appeals: appeals.results, projects: projects.results }
}

/** An application waiting for a decision, as listed to moderators. */
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

/** An e-auction lot as the realtime demo changes it. */
export type LotRow = {
  lot_number: string
  start_price: number
  zakalad_percent: number
  order_end_time: string
  lot_status_uz: string
  lot_status_ru: string
  lot_status_en: string
}

export async function readLotState(db: D1Database, lotNumber: string): Promise<LotRow | null> {
  return db
    .prepare(
      'SELECT lot_number, start_price, zakalad_percent, order_end_time, lot_status_uz, lot_status_ru, lot_status_en FROM eauction_lots WHERE lot_number = ?',
    )
    .bind(lotNumber)
    .first<LotRow>()
}

/** Sets a lot's start price, end of applications and status text. */
export async function updateLotState(db: D1Database, lot: Omit<LotRow, 'zakalad_percent'>, now: Date): Promise<void> {
  await db
    .prepare(
      'UPDATE eauction_lots SET start_price = ?, order_end_time = ?, lot_status_uz = ?, lot_status_ru = ?, lot_status_en = ?, updated_at = ? WHERE lot_number = ?',
    )
    .bind(
      lot.start_price,
      lot.order_end_time,
      lot.lot_status_uz,
      lot.lot_status_ru,
      lot.lot_status_en,
      now.toISOString(),
      lot.lot_number,
    )
    .run()
}

/** Writes a post exactly as given, the same title and body in every language. */
export async function writeRawPost(
  db: D1Database,
  post: { id: number; category: string; publish_date: string; title: string; content: string; author: string },
  now: Date,
): Promise<void> {
  const cols = (name: string) => LOCALES.map((l) => `${name}_${l}`).join(', ')
  await db
    .prepare(
      `INSERT OR REPLACE INTO posts (id, category, publish_date, ${cols('title')}, ${cols('content')}, photo, author_first_name, author_last_name, keywords, updated_at)
       VALUES (?, ?, ?, ${placeholders(LOCALES.length)}, ${placeholders(LOCALES.length)}, NULL, ?, '', '', ?)`,
    )
    .bind(
      post.id,
      post.category,
      post.publish_date,
      ...LOCALES.map(() => post.title),
      ...LOCALES.map(() => post.content),
      post.author,
      now.toISOString(),
    )
    .run()
}

/** Deletes a post and its files. */
export async function deletePost(db: D1Database, id: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM post_files WHERE post_id = ?').bind(id),
    db.prepare('DELETE FROM posts WHERE id = ?').bind(id),
  ])
}

/** The seeded residents the stand-in offers, of one role or both. */
export async function listResidents(db: D1Database, role: string) {
  const { results } = await db
    .prepare(
      `SELECT u.id, u.pin, p.name, p.surname, p.company_name FROM users u LEFT JOIN profiles p ON p.user_id = u.id
       WHERE u.is_resident = 1 AND u.pin IS NOT NULL AND u.pin <> '' AND (?1 = '' OR u.role = ?1) ORDER BY u.id`,
    )
    .bind(role)
    .all<{ id: number; pin: string; name: string | null; surname: string | null; company_name: string | null }>()
  return results
}

/** A resident account with a PINFL, or null. */
export async function findResident(db: D1Database, userId: number) {
  return db
    .prepare("SELECT id, role FROM users WHERE id = ? AND is_resident = 1 AND pin IS NOT NULL AND pin <> ''")
    .bind(userId)
    .first<{ id: number; role: string }>()
}

/** Records a single-use code for a resident. */
export async function insertOneIdCode(
  db: D1Database,
  code: { hash: string; userId: number; role: string; redirectUri: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .prepare(
      'INSERT INTO oneid_codes (code_hash, user_id, role, redirect_uri, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(code.hash, code.userId, code.role, code.redirectUri, code.expiresAt.toISOString(), now.toISOString())
    .run()
}

/**
 * Exchanges an unused, unexpired code issued for this very `redirect_uri` for an access token (stored as its hash),
 * once; answers the code's user, or null.
 */
export async function exchangeOneIdCode(
  db: D1Database,
  exchange: { codeHash: string; redirectUri: string; accessTokenHash: string; accessExpiresAt: Date },
  now: Date,
) {
  const at = now.toISOString()
  return db
    .prepare(
      `UPDATE oneid_codes SET used_at = ?1, access_token_hash = ?2, access_expires_at = ?3
       WHERE code_hash = ?4 AND used_at IS NULL AND expires_at > ?1 AND redirect_uri = ?5 RETURNING user_id`,
    )
    .bind(at, exchange.accessTokenHash, exchange.accessExpiresAt.toISOString(), exchange.codeHash, exchange.redirectUri)
    .first<{ user_id: number }>()
}

/** The person of a live access token. */
export async function findOneIdPerson(db: D1Database, accessTokenHash: string, now: Date) {
  return db
    .prepare(
      `SELECT u.pin, u.email, p.name, p.surname, p.phone, p.tin, p.company_name FROM oneid_codes o
       JOIN users u ON u.id = o.user_id LEFT JOIN profiles p ON p.user_id = u.id
       WHERE o.access_token_hash = ? AND o.access_expires_at > ?`,
    )
    .bind(accessTokenHash, now.toISOString())
    .first<{
      pin: string
      email: string
      name: string | null
      surname: string | null
      phone: string | null
      tin: string | null
      company_name: string | null
    }>()
}
