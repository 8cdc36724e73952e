/**
 * The moderators' queues in the operators' API (docs/gateway-contract.md#operator): appeals (answer, reject),
 * projects (approve, reject) and registrations (approve, reject). The decisions are the appeals', personal and forms
 * areas', the same the development seam makes; these routes list, decide and audit. Mounted at `/core/operator`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { LOCALES } from '../../../../../contract/locales'
import { APPEAL_STATUSES, DECISION_STATES } from '../../../../../contract/operators/values'
import { type AppEnv, requestScope } from '../../../lib/context'
import { GatewayError, ok } from '../../../lib/envelope'
import { readLang } from '../../../lib/lang'
import { pageable, readPaging } from '../../../lib/paging'
import { htmlToText } from '../../../lib/user-html'
import { IdSchema, parseInput, readJson, readQuery, text } from '../../../lib/validate'
import { answerAppeal, rejectAppeal } from '../../appeals/decisions'
import { readEnquiryCounts } from '../../enquiries/enquiries'
import { approveRegistration, REGISTRATION_TABLES, rejectRegistration } from '../../forms/registrations'
import { decideProject } from '../../personal/decisions'
import { amendAudit, auditStatement } from '../audit/audit'
import {
  countAppeals,
  countOpenInbox,
  countProjects,
  countRegistrations,
  listAppealQueue,
  listFileSummaries,
  listProjectQueue,
  listRegistrationQueue,
  listThread,
  type ProjectQueueRow,
  readAppealForModerator,
  readApplication,
  readProjectForModerator,
  readRegistrationLedger,
} from './queries'

const ParamsSchema = v.object({ id: IdSchema })
const ReplySchema = v.object({ reply: text(5000) })
const ReasonSchema = v.object({ reason: text(2000) })

/**
 * What waits for a moderator: appeals in moderation, projects and registrations pending, inbox items not handled, and
 * the enquiries' pipeline (each status, and the open ones nobody has touched for a week).
 */
export async function readModerationCounts(db: D1Database) {
  return {
    appeals: await countAppeals(db),
    projects: await countProjects(db),
    registrations: await countRegistrations(db),
    inbox: await countOpenInbox(db),
    enquiries: await readEnquiryCounts(db),
  }
}

/** The queue's state from the query (`status` / `state`), defaulting to what waits for a decision. */
function readState<T extends string>(value: string | undefined, states: readonly T[]): T {
  return parseInput(v.optional(v.picklist(states), states[0]!), value || undefined)
}

const applicantName = (r: { full_name: string; name: string | null; surname: string | null }) =>
  r.full_name || [r.name, r.surname].filter(Boolean).join(' ')

/** The moderation calls, mounted at `/core/operator` behind the moderation area. */
export const operatorModerationRoutes = new Hono<AppEnv>()

// Appeals

operatorModerationRoutes.get('/appeals', async (c) => {
  const query = readQuery(c)
  const status = readState(query.status, APPEAL_STATUSES)
  const paging = readPaging(query, 25)
  const db = c.env.DB
  const counts = await countAppeals(db)
  const results = await listAppealQueue(db, status, readLang(c.req.header('Accept-Language')), paging)
  const items = results.map((r) => ({
    id: r.id,
    status: r.status,
    excerpt: r.text.length > 160 ? `${r.text.slice(0, 159)}…` : r.text,
    applicant: { name: applicantName(r), email: r.email },
    topic: r.topic,
    responses: r.responses,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }))
  return ok(c, { status, items, counts }, pageable(paging, counts[status] ?? 0))
})

operatorModerationRoutes.get('/appeals/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const db = c.env.DB
  const row = await readAppealForModerator(db, id, readLang(c.req.header('Accept-Language')))
  if (!row) throw new GatewayError(404, 'not_found')
  const responses = await listThread(db, id)
  return ok(c, {
    id: row.id,
    status: row.status,
    text: row.text,
    topic: row.topic,
    type: row.type,
    region: row.region ?? '',
    reject_reason: row.reject_reason,
    resolve_reason: row.resolve_reason,
    applicant: { name: applicantName(row), email: row.email, signed_in: row.user_id !== null },
    responses: responses.map((r) => ({ ...r, owner: r.owner === 1 })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  })
})

operatorModerationRoutes.post('/appeals/:id/reply', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reply } = parseInput(ReplySchema, await readJson(c))
  const operator = c.get('operator')
  const now = new Date()
  const subject = { action: 'appeal.reply', kind: 'appeal', id } as const
  const change = await answerAppeal(requestScope(c), id, { reply, admin: operator.name || 'Moderator' }, now, (ch) => [
    auditStatement(c.env.DB, operator.id, subject, { status: ch.before }, { status: ch.status, reply }, now, {
      ifChanged: true,
    }),
  ])
  return ok(c, { id, status: change.status })
})

operatorModerationRoutes.post('/appeals/:id/reject', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reason } = parseInput(ReasonSchema, await readJson(c))
  const now = new Date()
  const subject = { action: 'appeal.reject', kind: 'appeal', id } as const
  const change = await rejectAppeal(requestScope(c), id, reason, now, (ch) => [
    auditStatement(c.env.DB, c.get('operator').id, subject, { status: ch.before }, { status: ch.status, reason }, now, {
      ifChanged: true,
    }),
  ])
  return ok(c, { id, status: change.status })
})

// Projects

const ownerOf = (r: ProjectQueueRow) => ({
  email: r.email,
  name: [r.name, r.surname].filter(Boolean).join(' '),
  company: r.company_name ?? '',
})

operatorModerationRoutes.get('/projects', async (c) => {
  const query = readQuery(c)
  const state = readState(query.state, DECISION_STATES)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const counts = await countProjects(db)
  const results = await listProjectQueue(db, state, paging)
  const items = results.map((r) => ({
    id: r.id,
    title: r[`title_${lang}`] || r.title_en || r.title_ru || r.title_uz || '',
    state: r.state,
    budget: r.budget,
    owner: ownerOf(r),
    updated_at: r.updated_at,
  }))
  return ok(c, { state, items, counts }, pageable(paging, counts[state] ?? 0))
})

operatorModerationRoutes.get('/projects/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const row = await readProjectForModerator(c.env.DB, id, readLang(c.req.header('Accept-Language')))
  if (!row) throw new GatewayError(404, 'not_found')
  const files = await listFileSummaries(c.env.DB, [
    row.upload_file_id,
    ...LOCALES.map((l) => row[`presentation_${l}_file_id`]),
  ])
  const file = (fileId: string | null) => files.find((f) => f.id === fileId) ?? null
  return ok(c, {
    id: row.id,
    title: Object.fromEntries(LOCALES.map((l) => [l, row[`title_${l}`]])),
    content: Object.fromEntries(
      await Promise.all(LOCALES.map(async (l) => [l, await htmlToText(row[`content_${l}`])])),
    ),
    state: row.state,
    reject_reason: row.reject_reason,
    status: row.status,
    budget: row.budget,
    sector: row.sector ?? '',
    category: row.category ?? '',
    region: row.region ?? '',
    contact: { phone: row.phone, email: row.email },
    owner: ownerOf(row),
    image: file(row.upload_file_id),
    presentations: Object.fromEntries(LOCALES.map((l) => [l, file(row[`presentation_${l}_file_id`])])),
    created_at: row.created_at,
    updated_at: row.updated_at,
  })
})

for (const decision of ['approve', 'reject'] as const) {
  operatorModerationRoutes.post(`/projects/:id/${decision}`, async (c) => {
    const { id } = parseInput(ParamsSchema, c.req.param())
    const reason = decision === 'reject' ? parseInput(ReasonSchema, await readJson(c)).reason : ''
    const now = new Date()
    const state = decision === 'approve' ? 'approved' : 'rejected'
    const subject = { action: `project.${decision}`, kind: 'project', id } as const
    const change = await decideProject(requestScope(c), id, { state, reason }, now, (ch) => {
      const after = decision === 'reject' ? { state: ch.state, reason } : { state: ch.state }
      const operatorId = c.get('operator').id
      return [auditStatement(c.env.DB, operatorId, subject, { state: ch.before }, after, now, { ifChanged: true })]
    })
    return ok(c, { id, state: change.state })
  })
}

// Registrations

operatorModerationRoutes.get('/registrations', async (c) => {
  const query = readQuery(c)
  const state = readState(query.state, DECISION_STATES)
  const paging = readPaging(query, 25)
  const db = c.env.DB
  const counts = await countRegistrations(db)
  const results = await listRegistrationQueue(db, state, paging)
  const items = results.map((r) => ({ ...r, is_resident: r.is_resident === 1 }))
  return ok(c, { state, items, counts }, pageable(paging, counts[state] ?? 0))
})

operatorModerationRoutes.get('/registrations/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const db = c.env.DB
  const ledger = await readRegistrationLedger(db, id)
  if (!ledger) throw new GatewayError(404, 'not_found')
  const lang = readLang(c.req.header('Accept-Language'))
  const application = await readApplication(db, REGISTRATION_TABLES[ledger.kind], ledger.application_id, lang)
  if (!application) throw new GatewayError(404, 'not_found')
  const {
    id: _,
    created_at: __,
    email: ___,
    upload_token_hash: ____,
    country_id,
    country_name,
    ...fields
  } = application
  const country = country_id ? String(country_name ?? '') : ''
  return ok(c, { ...ledger, application: { ...fields, country, is_resident: fields.is_resident === 1 } })
})

operatorModerationRoutes.post('/registrations/:id/approve', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const now = new Date()
  const subject = { action: 'registration.approve', kind: 'registration', id } as const
  // Audited with the claim that decides it; the account it opens is added to the row in the account's own batch.
  const operatorId = c.get('operator').id
  const decided = auditStatement(c.env.DB, operatorId, subject, { state: 'pending' }, { state: 'approved' }, now, {
    ifChanged: true,
  })
  const decision = await approveRegistration(c.env, id, now, {
    decided: [decided],
    opened: (userId) => [amendAudit(c.env.DB, subject, { user_id: userId })],
  })
  return ok(c, decision)
})

operatorModerationRoutes.post('/registrations/:id/reject', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reason } = parseInput(ReasonSchema, await readJson(c))
  const now = new Date()
  const subject = { action: 'registration.reject', kind: 'registration', id } as const
  const after = { state: 'rejected', reason }
  const audit = auditStatement(c.env.DB, c.get('operator').id, subject, { state: 'pending' }, after, now, {
    ifChanged: true,
  })
  const decision = await rejectRegistration(c.env, id, reason, now, [audit])
  return ok(c, decision)
})
