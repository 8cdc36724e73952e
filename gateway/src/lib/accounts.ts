/**
 * Accounts and profiles: creation (seed, tests, approved registrations) and the Profile object of
 * docs/gateway-contract.md.
 */
import type { Role } from './context'
import { GatewayError } from './envelope'
import type { Lang } from './lang'
import type { OneIdPerson } from './oneid'
import { hashPassword } from './password'
import { toCountryView, toRegionView } from './places'

/** Profile columns a new account may carry (seed accounts, tests, approved registrations). */
export type ProfileFields = {
  name?: string
  surname?: string
  phone?: string
  pin?: string | null
  tin?: string
  country_id?: number | null
  website?: string
  position?: string
  company_name?: string
  contact_person?: string
  legal_address?: string
  source?: string
  comments?: string
  region_id?: number | null
}

/** A new account: credentials, role, residency and profile. */
export type AccountInput = {
  email: string
  password: string | null
  role: Role
  isResident: boolean
  /** PINFL of a resident identity, used by the OneID stand-in. */
  pin?: string | null
  profile?: ProfileFields
}

/** Creates a user with its profile unless the email exists; returns the user id either way. */
export async function createAccount(db: D1Database, input: AccountInput, now: Date): Promise<number> {
  const created = await insertAccount(db, input, now)
  if (created !== null) return created
  return (await db.prepare('SELECT id FROM users WHERE email = ?').bind(input.email).first<{ id: number }>())!.id
}

/** Creates a user with its profile and returns its id, or null when an account with the email exists already. */
export async function insertAccount(db: D1Database, input: AccountInput, now: Date): Promise<number | null> {
  const existing = await db.prepare('SELECT id FROM users WHERE email = ?').bind(input.email).first<{ id: number }>()
  if (existing) return null
  const at = now.toISOString()
  const passwordHash = input.password ? await hashPassword(input.password) : null
  const user = await db
    .prepare(
      `INSERT INTO users (email, role, is_resident, password_hash, pin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
    )
    .bind(input.email.toLowerCase(), input.role, input.isResident ? 1 : 0, passwordHash, input.pin ?? null, at, at)
    .first<{ id: number }>()
  if (!user) return null
  const p = input.profile ?? {}
  const profile = db
    .prepare(
      `INSERT INTO profiles (user_id, name, surname, email, phone, pin, tin, country_id, website, position, company_name,
         contact_person, legal_address, source, comments, region_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
    )
    .bind(
      user.id,
      p.name ?? '',
      p.surname ?? '',
      input.email.toLowerCase(),
      p.phone ?? '',
      p.pin ?? input.pin ?? '',
      p.tin ?? '',
      p.country_id ?? null,
      p.website ?? '',
      p.position ?? '',
      p.company_name ?? '',
      p.contact_person ?? '',
      p.legal_address ?? '',
      p.source ?? '',
      p.comments ?? '',
      p.region_id ?? null,
    )
  try {
    await profile.run()
  } catch (err) {
    // A TIN another account holds (docs/security.md#personal-services): no account is left without its profile.
    await db.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run()
    throw err
  }
  return user.id
}

type ProfileRow = {
  id: number
  email: string
  role: Role
  is_resident: number
  name: string | null
  surname: string | null
  phone: string | null
  pin: string | null
  tin: string | null
  country_id: number | null
  website: string | null
  position: string | null
  company_name: string | null
  contact_person: string | null
  legal_address: string | null
  source: string | null
  comments: string | null
  region_id: number | null
}

/**
 * The Profile of docs/gateway-contract.md: `email, role, is_resident` and the role's object (`investor` or
 * `businessmen`).
 */
export async function readProfile(db: D1Database, userId: number, lang: Lang) {
  const row = await db
    .prepare(
      `SELECT u.id, u.email, u.role, u.is_resident, p.name, p.surname, p.phone, p.pin, p.tin, p.country_id, p.website,
         p.position, p.company_name, p.contact_person, p.legal_address, p.source, p.comments, p.region_id
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ?`,
    )
    .bind(userId)
    .first<ProfileRow>()
  if (!row) return null
  const isResident = row.is_resident === 1
  const common = {
    id: row.id,
    name: row.name ?? '',
    surname: row.surname ?? '',
    email: row.email,
    phone: row.phone ?? '',
    pin: row.pin || null,
    website: row.website ?? '',
    company_name: row.company_name ?? '',
    region: toRegionView(row.region_id, lang),
    is_resident: isResident,
  }
  const base = { email: row.email, role: row.role, is_resident: isResident }
  if (row.role === 'investor') {
    return {
      ...base,
      investor: {
        ...common,
        country: toCountryView(row.country_id, lang),
        position: row.position ?? '',
        contact_person: row.contact_person ?? '',
        source: row.source ?? '',
        comments: row.comments ?? '',
      },
    }
  }
  return {
    ...base,
    businessmen: { ...common, tin: row.tin ?? '', legal_address: row.legal_address ?? '' },
  }
}

/** The legal entity a businessman signs in for: the one OneID marks as basic, else the first. */
function chooseLegalEntity(person: OneIdPerson): OneIdPerson['legalEntities'][number] | null {
  return person.legalEntities.find((le) => le.isBasic) ?? person.legalEntities[0] ?? null
}

/**
 * The resident account of a person OneID identified (docs/gateway-contract.md#oneid): found by PINFL, or created for
 * the role the person chose. OneID is the authority on the person: their names, and for a businessman the company's
 * TIN and name from OneID's legal-entity data, never a typed value. 401 `user_not_found` when the PINFL's account has
 * the other role; 403 `no_legal_entity` for a businessman OneID knows no company of; 409 `identifier_taken` when the
 * company's TIN belongs to another account.
 */
export async function residentAccountFor(db: D1Database, person: OneIdPerson, role: Role, now: Date): Promise<number> {
  const entity = role === 'businessmen' ? chooseLegalEntity(person) : null
  if (role === 'businessmen' && !entity) throw new GatewayError(403, 'no_legal_entity')
  const found = await db
    .prepare('SELECT id, role FROM users WHERE pin = ?')
    .bind(person.pin)
    .first<{ id: number; role: Role }>()
  if (found) {
    if (found.role !== role) throw new GatewayError(401, 'user_not_found')
    await updateFromOneId(db, found.id, person, entity, now)
    return found.id
  }
  const email = await addressFor(db, person)
  let id: number | null
  try {
    id = await insertAccount(
      db,
      {
        email,
        password: null,
        role,
        isResident: true,
        pin: person.pin,
        profile: {
          name: person.firstName,
          surname: person.surname,
          phone: person.phone,
          pin: person.pin,
          ...(entity ? { tin: entity.tin, company_name: entity.name } : {}),
        },
      },
      now,
    )
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: profiles\.tin/.test(err.message))
      throw new GatewayError(409, 'identifier_taken', 'identifier_taken', ['tin'])
    // The same person's first sign-in twice at once: the other one created the account.
    if (err instanceof Error && /UNIQUE constraint failed: users\.pin/.test(err.message))
      return residentAccountFor(db, person, role, now)
    throw err
  }
  if (id === null) throw new GatewayError(409, 'already_registered', 'already_registered', ['email'])
  return id
}

/**
 * The account's address: the one OneID has for the person, unless another account uses it; otherwise a reserved
 * `.invalid` address nobody mails (docs/decisions/0027-mail-delivery.md), until the person gives one.
 */
async function addressFor(db: D1Database, person: OneIdPerson): Promise<string> {
  const email = person.email.trim().toLowerCase()
  const usable = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254
  if (usable && !(await db.prepare('SELECT 1 FROM users WHERE email = ?').bind(email).first())) return email
  return `pinfl-${person.pin}@oneid.invalid`
}

/** Keeps an existing resident's names, and a businessman's company, as OneID has them now. */
async function updateFromOneId(
  db: D1Database,
  userId: number,
  person: OneIdPerson,
  entity: OneIdPerson['legalEntities'][number] | null,
  now: Date,
): Promise<void> {
  const names = db
    .prepare(
      `UPDATE profiles SET name = coalesce(nullif(?, ''), name), surname = coalesce(nullif(?, ''), surname), pin = ?
       WHERE user_id = ?`,
    )
    .bind(person.firstName, person.surname, person.pin, userId)
  const stamp = db
    .prepare('UPDATE users SET is_resident = 1, updated_at = ? WHERE id = ?')
    .bind(now.toISOString(), userId)
  await db.batch([names, stamp])
  if (!entity) return
  try {
    await db
      .prepare("UPDATE profiles SET tin = ?, company_name = coalesce(nullif(?, ''), company_name) WHERE user_id = ?")
      .bind(entity.tin, entity.name, userId)
      .run()
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: profiles\.tin/.test(err.message))
      throw new GatewayError(409, 'identifier_taken', 'identifier_taken', ['tin'])
    throw err
  }
}
