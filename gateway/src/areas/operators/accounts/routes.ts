/**
 * The People section of the operators' API (docs/gateway-contract.md#operator-people), mounted at
 * `/core/operator/people`: staff find an account by e-mail, name, PINFL or TIN, see it with its sessions, appeals and
 * projects, correct its contact data, block and unblock it (moderation), and erase it (admins). Every change is audited
 * with what it was before and after.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../../../lib/context'
import { GatewayError, ok } from '../../../lib/envelope'
import { readLang } from '../../../lib/lang'
import { pageable, readPaging } from '../../../lib/paging'
import {
  EmailSchema,
  failValidation,
  IdSchema,
  PhoneSchema,
  parseInput,
  ResidentPhoneSchema,
  readJson,
  readQuery,
} from '../../../lib/validate'
import { accountEmailStatements, accountPhoneStatement, listLiveSessions } from '../../account/queries'
import { blockAccount, eraseAccount, stateOf, unblockAccount } from '../../account/states'
import { idleCutoff } from '../../auth/tokens'
import { queueMail } from '../../mail/send'
import { isUniqueViolation } from '../../profile/accounts'
import { auditStatement } from '../audit/audit'
import { countPeople, listPersonAppeals, listPersonProjects, type PersonRow, readPerson, searchPeople } from './queries'

const ParamsSchema = v.object({ id: IdSchema })
const SearchSchema = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), '') })
const ContactSchema = v.object({
  email: v.optional(EmailSchema),
  phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32))),
})

/** An account as the list shows it. */
function toPersonSummary(row: PersonRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    is_resident: row.is_resident === 1,
    name: row.name ?? '',
    surname: row.surname ?? '',
    company_name: row.company_name ?? '',
    pin: row.pin,
    tin: row.tin,
    state: stateOf(row),
    created_at: row.created_at,
  }
}

async function readPersonOrFail(db: D1Database, id: number): Promise<PersonRow> {
  const row = await readPerson(db, id)
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

/** The People calls. */
export const operatorAccountRoutes = new Hono<AppEnv>()

operatorAccountRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const { q } = parseInput(SearchSchema, query)
  const paging = readPaging(query, 20, 50)
  const db = c.env.DB
  const [total, rows] = await Promise.all([countPeople(db, q), searchPeople(db, q, paging)])
  return ok(c, { q, items: rows.map(toPersonSummary) }, pageable(paging, total))
})

operatorAccountRoutes.get('/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const db = c.env.DB
  const row = await readPersonOrFail(db, id)
  const lang = readLang(c.req.header('Accept-Language'))
  const now = new Date()
  const [sessions, appeals, projects] = await Promise.all([
    listLiveSessions(db, id, now, idleCutoff(now)),
    listPersonAppeals(db, id, lang),
    listPersonProjects(db, id, lang),
  ])
  return ok(c, {
    ...toPersonSummary(row),
    phone: row.phone ?? '',
    blocked_at: row.blocked_at,
    deleted_at: row.deleted_at,
    erase_after: row.erase_after,
    sessions,
    appeals: appeals.map((a) => ({
      id: a.id,
      status: a.status,
      topic: a.topic,
      excerpt: a.text.length > 160 ? `${a.text.slice(0, 159)}…` : a.text,
      created_at: a.created_at,
    })),
    projects: projects.map((p) => ({ ...p, draft: p.draft === 1 })),
  })
})

/**
 * Corrects an account's contact data as the person asked (an appeal, a call): the e-mail directly, since staff checked
 * who asks (the old address is told), and the phone by the residency's rule. Only what changes is written and audited.
 */
operatorAccountRoutes.post('/:id/contact', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const input = parseInput(ContactSchema, await readJson(c))
  const db = c.env.DB
  const row = await readPersonOrFail(db, id)
  if (row.deleted_at) throw new GatewayError(409, 'invalid_state')
  const phoneSchema = row.is_resident === 1 ? ResidentPhoneSchema : PhoneSchema
  const phone = input.phone === undefined ? undefined : v.safeParse(phoneSchema, input.phone)
  if (phone && !phone.success) failValidation(['phone'])
  const before: Record<string, string> = {}
  const after: Record<string, string> = {}
  const now = new Date()
  // The changes and their audit row in one batch (docs/security.md#operator-surface); the notice to the old address
  // goes once they are written.
  const changes: D1PreparedStatement[] = []
  const newEmail = input.email !== undefined && input.email !== row.email.toLowerCase() ? input.email : undefined
  if (newEmail !== undefined) {
    changes.push(...accountEmailStatements(db, id, newEmail, now))
    before.email = row.email
    after.email = newEmail
  }
  if (phone?.success && phone.output !== (row.phone ?? '')) {
    changes.push(accountPhoneStatement(db, id, phone.output))
    before.phone = row.phone ?? ''
    after.phone = phone.output
  }
  if (changes.length) {
    const subject = { action: 'person.contact', kind: 'person', id } as const
    try {
      await db.batch([...changes, auditStatement(db, c.get('operator').id, subject, before, after, now)])
    } catch (err) {
      if (isUniqueViolation(err, 'users.email'))
        throw new GatewayError(409, 'already_registered', 'already_registered', ['email'])
      throw err
    }
  }
  if (newEmail !== undefined) {
    const lang = readLang(c.req.header('Accept-Language'))
    await queueMail(c.env, now, {
      kind: 'email-changed',
      to: row.email,
      lang,
      userId: id,
      props: { newEmail },
    })
  }
  const changed = await readPersonOrFail(db, id)
  return ok(c, { id, email: changed.email, phone: changed.phone ?? '' })
})

operatorAccountRoutes.post('/:id/block', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const now = new Date()
  const subject = { action: 'person.block', kind: 'person', id } as const
  const after = { state: 'blocked' }
  const audit = auditStatement(c.env.DB, c.get('operator').id, subject, { state: 'active' }, after, now, {
    ifChanged: true,
  })
  await blockAccount(c.env.DB, id, now, audit)
  return ok(c, { id, state: 'blocked' })
})

operatorAccountRoutes.post('/:id/unblock', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const now = new Date()
  const subject = { action: 'person.unblock', kind: 'person', id } as const
  const after = { state: 'active' }
  const audit = auditStatement(c.env.DB, c.get('operator').id, subject, { state: 'blocked' }, after, now, {
    ifChanged: true,
  })
  await unblockAccount(c.env.DB, id, now, audit)
  return ok(c, { id, state: 'active' })
})

// Admins only (operators/routes.ts): the account and what docs/decisions/0029-data-residency.md#erasing-an-account does
// not keep are gone at once; the audit row names the account by id and states only.
operatorAccountRoutes.post('/:id/erase', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const db = c.env.DB
  const row = await readPersonOrFail(db, id)
  const subject = { action: 'person.erase', kind: 'person', id } as const
  const audit = auditStatement(
    db,
    c.get('operator').id,
    subject,
    { state: stateOf(row) },
    { state: 'erased' },
    new Date(),
  )
  await eraseAccount(c.env, id, audit)
  return ok(c, { id, state: 'erased' })
})
