/** The profile area's SQL: accounts and their profiles, and the devices that receive the account's pushes. */
import type { Locale } from '../../../../contract/locales'
import type { Role } from '../../lib/context'
import { col } from '../../lib/lang'

/** The id of the account of `email`, or null. */
export async function findAccountId(db: D1Database, email: string): Promise<number | null> {
  const row = await db.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>()
  return row?.id ?? null
}

/** Whether an account has the address `email`. */
export async function isEmailTaken(db: D1Database, email: string): Promise<boolean> {
  return !!(await db.prepare('SELECT 1 FROM users WHERE email = ?').bind(email).first())
}

/** The account of the resident with PINFL `pin` (as OneID bound it), or null; with whether it is blocked or deleted. */
export async function findAccountByPin(db: D1Database, pin: string) {
  return db
    .prepare('SELECT id, role, blocked_at, deleted_at FROM users WHERE pin = ?')
    .bind(pin)
    .first<{ id: number; role: Role; blocked_at: string | null; deleted_at: string | null }>()
}

/** Inserts a user; null when the e-mail has an account already. */
export async function insertUser(
  db: D1Database,
  user: { email: string; role: Role; isResident: boolean; passwordHash: string | null; pin: string | null },
  now: Date,
): Promise<number | null> {
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO users (email, role, is_resident, password_hash, pin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
    )
    .bind(user.email, user.role, user.isResident ? 1 : 0, user.passwordHash, user.pin, at, at)
    .first<{ id: number }>()
  return row?.id ?? null
}

/** Profile columns as stored. */
export type ProfileColumns = {
  name: string
  surname: string
  email: string
  phone: string
  pin: string
  tin: string
  country_id: number | null
  website: string
  position: string
  company_name: string
  contact_person: string
  legal_address: string
  source: string
  comments: string
  region_id: number | null
}

/** Inserts a user's profile (throws on a TIN another profile holds). */
export async function insertProfile(db: D1Database, userId: number, p: ProfileColumns): Promise<void> {
  await db
    .prepare(
      `INSERT INTO profiles (user_id, name, surname, email, phone, pin, tin, country_id, website, position, company_name,
         contact_person, legal_address, source, comments, region_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
    )
    .bind(
      userId,
      p.name,
      p.surname,
      p.email,
      p.phone,
      p.pin,
      p.tin,
      p.country_id,
      p.website,
      p.position,
      p.company_name,
      p.contact_person,
      p.legal_address,
      p.source,
      p.comments,
      p.region_id,
    )
    .run()
}

/** Deletes a user (one whose profile could not be written). */
export async function deleteUser(db: D1Database, userId: number): Promise<void> {
  await db.prepare('DELETE FROM users WHERE id = ?').bind(userId).run()
}

/** An account with its profile, its region and country named in `lang`. */
export type ProfileRow = {
  id: number
  email: string
  role: Role
  is_resident: number
  name: string | null
  surname: string | null
  phone: string | null
  pin: string | null
  tin: string | null
  website: string | null
  position: string | null
  company_name: string | null
  contact_person: string | null
  legal_address: string | null
  source: string | null
  comments: string | null
  region_id: number | null
  region_code: string | null
  region_name: string | null
  country_id: number | null
  country_code: string | null
  country_name: string | null
}

export async function readProfileRow(db: D1Database, userId: number, lang: Locale): Promise<ProfileRow | null> {
  return db
    .prepare(
      `SELECT u.id, u.email, u.role, u.is_resident, p.name, p.surname, p.phone, p.pin, p.tin, p.website, p.position,
         p.company_name, p.contact_person, p.legal_address, p.source, p.comments,
         r.id AS region_id, r.code AS region_code, ${col('r.region', lang, 'region_name')},
         co.id AS country_id, co.code AS country_code, ${col('co.country', lang, 'country_name')}
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id LEFT JOIN regions r ON r.id = p.region_id
       LEFT JOIN countries co ON co.id = p.country_id WHERE u.id = ?`,
    )
    .bind(userId)
    .first<ProfileRow>()
}

/** Keeps a resident's names and PINFL as OneID has them now, and marks the account a resident's. */
export async function updateResidentNames(
  db: D1Database,
  userId: number,
  person: { firstName: string; surname: string; pin: string },
  now: Date,
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE profiles SET name = coalesce(nullif(?, ''), name), surname = coalesce(nullif(?, ''), surname), pin = ?
         WHERE user_id = ?`,
      )
      .bind(person.firstName, person.surname, person.pin, userId),
    db.prepare('UPDATE users SET is_resident = 1, updated_at = ? WHERE id = ?').bind(now.toISOString(), userId),
  ])
}

/** Sets a businessman's company as OneID has it (throws on a TIN another profile holds). */
export async function updateCompany(db: D1Database, userId: number, entity: { tin: string; name: string }) {
  await db
    .prepare("UPDATE profiles SET tin = ?, company_name = coalesce(nullif(?, ''), company_name) WHERE user_id = ?")
    .bind(entity.tin, entity.name, userId)
    .run()
}

/** Profile columns a person may correct (docs/gateway-contract.md#profile-changes). */
export type EditableColumn = 'name' | 'surname' | 'phone' | 'company_name' | 'position' | 'legal_address' | 'website'

/** Writes the given profile columns (names from the code's list, values bound). */
export async function updateProfileColumns(
  db: D1Database,
  userId: number,
  values: Partial<Record<EditableColumn, string>>,
  now: Date,
): Promise<void> {
  const columns = Object.keys(values) as EditableColumn[]
  if (columns.length === 0) return
  await db.batch([
    db
      .prepare(`UPDATE profiles SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE user_id = ?`)
      .bind(...columns.map((column) => values[column]), userId),
    db.prepare('UPDATE users SET updated_at = ? WHERE id = ?').bind(now.toISOString(), userId),
  ])
}

/** An account's password hash (null: a resident, who signs in with OneID). */
export async function readPasswordHash(db: D1Database, userId: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT password_hash FROM users WHERE id = ?')
    .bind(userId)
    .first<{ password_hash: string | null }>()
  return row?.password_hash ?? null
}

/** Whether another user registered the push token from a session that is still live. */
export async function isPushTokenHeld(db: D1Database, token: string, userId: number, now: Date): Promise<boolean> {
  const held = await db
    .prepare(
      `SELECT 1 AS live FROM fcm_tokens f JOIN tokens t ON t.id = f.session_id
       WHERE f.token = ? AND f.user_id <> ? AND t.revoked_at IS NULL AND t.expires_at > ?`,
    )
    .bind(token, userId, now.toISOString())
    .first<{ live: number }>()
  return !!held
}

/** Registers a push token for the user's session, keeping only the user's newest `keep` devices. */
export async function registerPushToken(
  db: D1Database,
  device: { token: string; userId: number; lang: Locale; sessionId: number; keep: number },
  now: Date,
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO fcm_tokens (token, user_id, lang, session_id, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (token) DO UPDATE SET user_id = ?2, lang = ?3, session_id = ?4, updated_at = ?5`,
      )
      .bind(device.token, device.userId, device.lang, device.sessionId, now.toISOString()),
    // Only the most recent devices get pushes; older registrations would only pile up.
    db
      .prepare(
        `DELETE FROM fcm_tokens WHERE user_id = ?1 AND token NOT IN
         (SELECT token FROM fcm_tokens WHERE user_id = ?1 ORDER BY updated_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(device.userId, device.keep),
  ])
}
