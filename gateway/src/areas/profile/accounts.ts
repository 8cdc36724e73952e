/**
 * Accounts and profiles: creation (seed, tests, approved registrations, a resident's first OneID sign-in) and the
 * Profile object of docs/gateway-contract.md.
 */
import type { Locale } from '../../../../contract/locales'
import type { OneIdPerson } from '../../integrations/oneid'
import type { Role } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { hashPassword } from '../auth/password'
import {
  deleteUser,
  findAccountByPin,
  findAccountId,
  insertProfile,
  insertUser,
  isEmailTaken,
  readProfileRow,
  updateCompany,
  updateResidentNames,
} from './queries'

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
  return (await findAccountId(db, input.email))!
}

/** Creates a user with its profile and returns its id, or null when an account with the email exists already. */
export async function insertAccount(db: D1Database, input: AccountInput, now: Date): Promise<number | null> {
  if ((await findAccountId(db, input.email)) !== null) return null
  const email = input.email.toLowerCase()
  const passwordHash = input.password ? await hashPassword(input.password) : null
  const userId = await insertUser(
    db,
    { email, role: input.role, isResident: input.isResident, passwordHash, pin: input.pin ?? null },
    now,
  )
  if (userId === null) return null
  const p = input.profile ?? {}
  try {
    await insertProfile(db, userId, {
      name: p.name ?? '',
      surname: p.surname ?? '',
      email,
      phone: p.phone ?? '',
      pin: p.pin ?? input.pin ?? '',
      tin: p.tin ?? '',
      country_id: p.country_id ?? null,
      website: p.website ?? '',
      position: p.position ?? '',
      company_name: p.company_name ?? '',
      contact_person: p.contact_person ?? '',
      legal_address: p.legal_address ?? '',
      source: p.source ?? '',
      comments: p.comments ?? '',
      region_id: p.region_id ?? null,
    })
  } catch (err) {
    // A TIN another account holds (docs/security.md#personal-services): no account is left without its profile.
    await deleteUser(db, userId)
    throw err
  }
  return userId
}

/**
 * The Profile of docs/gateway-contract.md: `email, role, is_resident` and the role's object (`investor` or
 * `businessmen`).
 */
export async function readProfile(db: D1Database, userId: number, lang: Locale) {
  const row = await readProfileRow(db, userId, lang)
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
    region: row.region_id === null ? null : { id: row.region_id, region: row.region_name, code: row.region_code },
    is_resident: isResident,
  }
  const base = { email: row.email, role: row.role, is_resident: isResident }
  if (row.role === 'investor') {
    const country =
      row.country_id === null ? null : { id: row.country_id, country: row.country_name, code: row.country_code }
    return {
      ...base,
      investor: {
        ...common,
        country,
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

/** The refusal of a sign-in to an account staff blocked: 403 `account_blocked` (docs/gateway-contract.md#account). */
export function accountBlocked(): GatewayError {
  return new GatewayError(403, 'account_blocked')
}

/** Whether `err` is the unique index of `column` refusing a value (`profiles.tin`, `users.pin`). */
export function isUniqueViolation(err: unknown, column: string): boolean {
  return err instanceof Error && err.message.includes(`UNIQUE constraint failed: ${column}`)
}

/**
 * The resident account of a person OneID identified (docs/gateway-contract.md#oneid): found by PINFL, or created for
 * the role the person chose. OneID is the authority on the person: their names, and for a businessman the company's
 * TIN and name from OneID's legal-entity data, never a typed value. 401 `user_not_found` when the PINFL's account has
 * the other role; 403 `no_legal_entity` for a businessman OneID knows no company of; 409 `identifier_taken` when the
 * company's TIN belongs to another account; the PINFL's account deleted by its owner is no account (401
 * `user_not_found`), one staff blocked is 403 `account_blocked`.
 */
export async function residentAccountFor(db: D1Database, person: OneIdPerson, role: Role, now: Date): Promise<number> {
  const entity = role === 'businessmen' ? chooseLegalEntity(person) : null
  if (role === 'businessmen' && !entity) throw new GatewayError(403, 'no_legal_entity')
  const found = await findAccountByPin(db, person.pin)
  if (found) {
    if (found.role !== role || found.deleted_at) throw new GatewayError(401, 'user_not_found')
    if (found.blocked_at) throw accountBlocked()
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
    if (isUniqueViolation(err, 'profiles.tin'))
      throw new GatewayError(409, 'identifier_taken', 'identifier_taken', ['tin'])
    // The same person's first sign-in twice at once: the other one created the account.
    if (isUniqueViolation(err, 'users.pin')) return residentAccountFor(db, person, role, now)
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
  if (usable && !(await isEmailTaken(db, email))) return email
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
  await updateResidentNames(db, userId, person, now)
  if (!entity) return
  try {
    await updateCompany(db, userId, entity)
  } catch (err) {
    if (isUniqueViolation(err, 'profiles.tin'))
      throw new GatewayError(409, 'identifier_taken', 'identifier_taken', ['tin'])
    throw err
  }
}
