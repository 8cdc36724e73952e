/**
 * The moderators' queues in the operators' API (docs/gateway-contract.md#operator): appeals (answer, reject),
 * projects (approve, reject) and registrations (approve, reject). The decisions are lib/moderation.ts's and
 * lib/registrations.ts's, the same the development seam makes; these routes list, decide and audit.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { LOCALES, type Locale } from '../../../../../contract/locales'
import { APPEAL_STATUSES, DECISION_STATES } from '../../../../../contract/operators/values'
import { type AppEnv, requestScope } from '../../../lib/context'
import { GatewayError, ok } from '../../../lib/envelope'
import { col, readLang } from '../../../lib/lang'
import { pageable, readPaging } from '../../../lib/paging'
import { htmlToText } from '../../../lib/user-html'
import { IdSchema, parseInput, readJson, readQuery, text } from '../../../lib/validate'
import { answerAppeal, decideProject, rejectAppeal } from '../../appeals/decisions'
import { toCountryView, toRegionView } from '../../content/places'
import { approveRegistration, rejectRegistration } from '../../forms/registrations'
import { recordAudit } from '../audit/audit'

const ParamsSchema = v.object({ id: IdSchema })
const ReplySchema = v.object({ reply: text(5000) })
const ReasonSchema = v.object({ reason: text(2000) })

/** How many records of each state, for the queue's tabs. */
async function countBy(db: D1Database, sql: string, keys: readonly string[]): Promise<Record<string, number>> {
  const { results } = await db.prepare(sql).all<{ k: string; n: number }>()
  return Object.fromEntries(keys.map((k) => [k, results.find((r) => r.k === k)?.n ?? 0]))
}

const appealCounts = (db: D1Database) =>
  countBy(db, 'SELECT status AS k, count(*) AS n FROM appeals GROUP BY status', APPEAL_STATUSES)
const projectCounts = (db: D1Database) =>
  countBy(db, 'SELECT state AS k, count(*) AS n FROM personal_projects WHERE draft = 0 GROUP BY state', DECISION_STATES)
const registrationCounts = (db: D1Database) =>
  countBy(db, 'SELECT state AS k, count(*) AS n FROM registrations GROUP BY state', DECISION_STATES)

/** What waits for a moderator: appeals in moderation, projects and registrations pending, inbox items not handled. */
export async function readModerationCounts(db: D1Database) {
  const inbox = await db
    .prepare(
      `SELECT (SELECT count(*) FROM contact_requests WHERE handled_at IS NULL) AS contact,
         (SELECT count(*) FROM event_applications WHERE handled_at IS NULL) AS event`,
    )
    .first<{ contact: number; event: number }>()
  return {
    appeals: await appealCounts(db),
    projects: await projectCounts(db),
    registrations: await registrationCounts(db),
    inbox: { contact: inbox?.contact ?? 0, event: inbox?.event ?? 0 },
  }
}

/** The queue's state from the query (`status` / `state`), defaulting to what waits for a decision. */
function readState<T extends string>(value: string | undefined, states: readonly T[]): T {
  return parseInput(v.optional(v.picklist(states), states[0]!), value || undefined)
}

/** The operator calls of the moderation area. */
export const operatorModerationRoutes = new Hono<AppEnv>()

// Appeals

type AppealListRow = {
  id: number
  status: string
  text: string
  created_at: string
  updated_at: string
  full_name: string
  email: string
  name: string | null
  surname: string | null
  topic: string
  responses: number
}

const applicantName = (r: { full_name: string; name: string | null; surname: string | null }) =>
  r.full_name || [r.name, r.surname].filter(Boolean).join(' ')

operatorModerationRoutes.get('/core/operator/appeals', async (c) => {
  const query = readQuery(c)
  const status = readState(query.status, APPEAL_STATUSES)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const counts = await appealCounts(db)
  // The queue is worked oldest first; closed appeals are looked up newest first.
  const order = status === 'in_moderation' ? 'a.id' : 'a.updated_at DESC, a.id DESC'
  const { results } = await db
    .prepare(
      `SELECT a.id, a.status, a.text, a.created_at, a.updated_at, a.full_name, coalesce(u.email, a.email) AS email,
         p.name, p.surname, ${col('t.title', lang, 'topic')},
         (SELECT count(*) FROM appeal_responses r WHERE r.appeal_id = a.id) AS responses
       FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id
       LEFT JOIN users u ON u.id = a.user_id LEFT JOIN profiles p ON p.user_id = a.user_id
       WHERE a.status = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(status, paging.size, paging.offset)
    .all<AppealListRow>()
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

/** One appeal with its applicant and thread, or 404. */
async function readAppealDetail(db: D1Database, id: number, lang: Locale) {
  const row = await db
    .prepare(
      `SELECT a.id, a.user_id, a.status, a.text, a.region_id, a.reject_reason, a.resolve_reason, a.created_at,
         a.updated_at, a.full_name, coalesce(u.email, a.email) AS email, p.name, p.surname,
         ${col('t.title', lang, 'topic')}, ${col('y.title', lang, 'type')}
       FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id JOIN appeal_topics y ON y.id = a.type_id
       LEFT JOIN users u ON u.id = a.user_id LEFT JOIN profiles p ON p.user_id = a.user_id WHERE a.id = ?`,
    )
    .bind(id)
    .first<
      AppealListRow & {
        user_id: number | null
        region_id: number
        reject_reason: string | null
        resolve_reason: string | null
        type: string
      }
    >()
  if (!row) throw new GatewayError(404, 'not_found')
  const { results: responses } = await db
    .prepare('SELECT id, admin, owner, response, created FROM appeal_responses WHERE appeal_id = ? ORDER BY id')
    .bind(id)
    .all<{ id: number; admin: string | null; owner: number; response: string; created: string }>()
  return {
    id: row.id,
    status: row.status,
    text: row.text,
    topic: row.topic,
    type: row.type,
    region: toRegionView(row.region_id, lang)?.region ?? '',
    reject_reason: row.reject_reason,
    resolve_reason: row.resolve_reason,
    applicant: { name: applicantName(row), email: row.email, signed_in: row.user_id !== null },
    responses: responses.map((r) => ({ ...r, owner: r.owner === 1 })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

operatorModerationRoutes.get('/core/operator/appeals/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  return ok(c, await readAppealDetail(c.env.DB, id, readLang(c.req.header('Accept-Language'))))
})

operatorModerationRoutes.post('/core/operator/appeals/:id/reply', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reply } = parseInput(ReplySchema, await readJson(c))
  const operator = c.get('operator')
  const now = new Date()
  const change = await answerAppeal(requestScope(c), id, { reply, admin: operator.name || 'Moderator' }, now)
  const subject = { action: 'appeal.reply', kind: 'appeal', id } as const
  await recordAudit(c.env.DB, operator.id, subject, { status: change.before }, { status: change.status, reply }, now)
  return ok(c, { id, status: change.status })
})

operatorModerationRoutes.post('/core/operator/appeals/:id/reject', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reason } = parseInput(ReasonSchema, await readJson(c))
  const now = new Date()
  const change = await rejectAppeal(requestScope(c), id, reason, now)
  const subject = { action: 'appeal.reject', kind: 'appeal', id } as const
  await recordAudit(
    c.env.DB,
    c.get('operator').id,
    subject,
    { status: change.before },
    { status: change.status, reason },
    now,
  )
  return ok(c, { id, status: change.status })
})

// Projects

type ProjectRow = {
  id: number
  state: string
  reject_reason: string | null
  budget: number
  region_id: number
  email: string
  name: string | null
  surname: string | null
  company_name: string | null
  created_at: string
  updated_at: string
} & Record<`title_${Locale}` | `content_${Locale}`, string>

const titleOf = (r: ProjectRow, lang: Locale) => r[`title_${lang}`] || r.title_en || r.title_ru || r.title_uz || ''

operatorModerationRoutes.get('/core/operator/projects', async (c) => {
  const query = readQuery(c)
  const state = readState(query.state, DECISION_STATES)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const counts = await projectCounts(db)
  const order = state === 'pending' ? 'p.updated_at, p.id' : 'p.updated_at DESC, p.id DESC'
  const { results } = await db
    .prepare(
      `SELECT p.*, u.email, pr.name, pr.surname, pr.company_name FROM personal_projects p
       JOIN users u ON u.id = p.user_id LEFT JOIN profiles pr ON pr.user_id = p.user_id
       WHERE p.state = ? AND p.draft = 0 ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(state, paging.size, paging.offset)
    .all<ProjectRow>()
  const items = results.map((r) => ({
    id: r.id,
    title: titleOf(r, lang),
    state: r.state,
    budget: r.budget,
    owner: { email: r.email, name: [r.name, r.surname].filter(Boolean).join(' '), company: r.company_name ?? '' },
    updated_at: r.updated_at,
  }))
  return ok(c, { state, items, counts }, pageable(paging, counts[state] ?? 0))
})

operatorModerationRoutes.get('/core/operator/projects/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const lang = readLang(c.req.header('Accept-Language'))
  const row = await c.env.DB.prepare(
    `SELECT p.*, u.email, pr.name, pr.surname, pr.company_name, ${col('s.content', lang, 'sector')},
       ${col('k.title', lang, 'category')}
     FROM personal_projects p JOIN users u ON u.id = p.user_id LEFT JOIN profiles pr ON pr.user_id = p.user_id
     LEFT JOIN sectors s ON s.id = p.sector_id LEFT JOIN project_categories k ON k.id = p.category_id
     WHERE p.id = ? AND p.draft = 0`,
  )
    .bind(id)
    .first<
      ProjectRow & {
        sector: string | null
        category: string | null
        status: string
        phone: string
        upload_file_id: string | null
      } & Record<`presentation_${Locale}_file_id`, string | null>
    >()
  if (!row) throw new GatewayError(404, 'not_found')
  const fileIds = [row.upload_file_id, ...LOCALES.map((l) => row[`presentation_${l}_file_id`])]
  const { results: files } = await c.env.DB.prepare(
    `SELECT id, original_name, size, content_type FROM files WHERE id IN (${fileIds.map(() => '?').join(',')})`,
  )
    .bind(...fileIds)
    .all<{ id: string; original_name: string; size: number; content_type: string }>()
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
    region: toRegionView(row.region_id, lang)?.region ?? '',
    contact: { phone: row.phone, email: row.email },
    owner: {
      email: row.email,
      name: [row.name, row.surname].filter(Boolean).join(' '),
      company: row.company_name ?? '',
    },
    image: file(row.upload_file_id),
    presentations: Object.fromEntries(LOCALES.map((l) => [l, file(row[`presentation_${l}_file_id`])])),
    created_at: row.created_at,
    updated_at: row.updated_at,
  })
})

for (const decision of ['approve', 'reject'] as const) {
  operatorModerationRoutes.post(`/core/operator/projects/:id/${decision}`, async (c) => {
    const { id } = parseInput(ParamsSchema, c.req.param())
    const reason = decision === 'reject' ? parseInput(ReasonSchema, await readJson(c)).reason : ''
    const now = new Date()
    const state = decision === 'approve' ? 'approved' : 'rejected'
    const change = await decideProject(requestScope(c), id, { state, reason }, now)
    const after = decision === 'reject' ? { state: change.state, reason } : { state: change.state }
    const subject = { action: `project.${decision}`, kind: 'project', id } as const
    await recordAudit(c.env.DB, c.get('operator').id, subject, { state: change.before }, after, now)
    return ok(c, { id, state: change.state })
  })
}

// Registrations

const APPLICATION_COLUMNS = `coalesce(i.name, b.name, '') AS name, coalesce(i.surname, b.surname, '') AS surname,
  coalesce(i.company_name, b.company_name, '') AS company_name, coalesce(i.is_resident, b.is_resident, 0) AS is_resident,
  coalesce(i.lang, b.lang, 'en') AS lang`
const APPLICATION_JOINS = `LEFT JOIN investor_registrations i ON r.kind = 'investor' AND i.id = r.application_id
  LEFT JOIN business_registrations b ON r.kind = 'business' AND b.id = r.application_id`

operatorModerationRoutes.get('/core/operator/registrations', async (c) => {
  const query = readQuery(c)
  const state = readState(query.state, DECISION_STATES)
  const paging = readPaging(query, 25)
  const db = c.env.DB
  const counts = await registrationCounts(db)
  const order = state === 'pending' ? 'r.id' : 'r.decided_at DESC, r.id DESC'
  const { results } = await db
    .prepare(
      `SELECT r.id, r.kind, r.email, r.state, r.reason, r.created_at, r.decided_at, ${APPLICATION_COLUMNS}
       FROM registrations r ${APPLICATION_JOINS} WHERE r.state = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .bind(state, paging.size, paging.offset)
    .all<Record<string, unknown> & { is_resident: number }>()
  const items = results.map((r) => ({ ...r, is_resident: r.is_resident === 1 }))
  return ok(c, { state, items, counts }, pageable(paging, counts[state] ?? 0))
})

operatorModerationRoutes.get('/core/operator/registrations/:id', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const db = c.env.DB
  const ledger = await db
    .prepare(
      'SELECT id, kind, application_id, email, state, reason, decided_at, user_id, created_at FROM registrations WHERE id = ?',
    )
    .bind(id)
    .first<{ kind: 'investor' | 'business'; application_id: number } & Record<string, unknown>>()
  if (!ledger) throw new GatewayError(404, 'not_found')
  const table = ledger.kind === 'investor' ? 'investor_registrations' : 'business_registrations'
  const application = await db
    .prepare(`SELECT * FROM ${table} WHERE id = ?`)
    .bind(ledger.application_id)
    .first<Record<string, unknown>>()
  if (!application) throw new GatewayError(404, 'not_found')
  const { id: _, created_at: __, email: ___, upload_token_hash: ____, country_id, ...fields } = application
  const country = country_id
    ? (toCountryView(Number(country_id), readLang(c.req.header('Accept-Language')))?.country ?? '')
    : ''
  return ok(c, { ...ledger, application: { ...fields, country, is_resident: fields.is_resident === 1 } })
})

operatorModerationRoutes.post('/core/operator/registrations/:id/approve', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const now = new Date()
  const decision = await approveRegistration(c.env, id, now)
  const subject = { action: 'registration.approve', kind: 'registration', id } as const
  const after = { state: decision.state, user_id: decision.user_id }
  await recordAudit(c.env.DB, c.get('operator').id, subject, { state: 'pending' }, after, now)
  return ok(c, decision)
})

operatorModerationRoutes.post('/core/operator/registrations/:id/reject', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { reason } = parseInput(ReasonSchema, await readJson(c))
  const now = new Date()
  const decision = await rejectRegistration(c.env, id, reason, now)
  const subject = { action: 'registration.reject', kind: 'registration', id } as const
  await recordAudit(
    c.env.DB,
    c.get('operator').id,
    subject,
    { state: 'pending' },
    { state: decision.state, reason },
    now,
  )
  return ok(c, decision)
})
