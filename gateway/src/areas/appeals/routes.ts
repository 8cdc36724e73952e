/** Appeals: topics and types, the signed-in user's appeals with replies and resolution, anonymous appeals. */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../../../contract/locales'
import { assertHuman } from '../../integrations/bot'
import { publishToUser } from '../../integrations/realtime'
import { type AppEnv, requestScope } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { col, readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { countHit, FORM_IP_LIMIT, readClientIp } from '../../lib/rate-limit'
import {
  BoolSchema,
  EmailSchema,
  failValidation,
  HashSchema,
  IdSchema,
  optionalText,
  parseInput,
  readJson,
  readQuery,
  text,
} from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { isRegionId, toRegionView } from '../content/places'
import { composeAppealReceipt, createMailer } from '../mail/messages'
import { createNotification, notificationLinks } from '../notifications/notify'

const AppealSchema = v.object({
  topic_id: IdSchema,
  type_id: IdSchema,
  region_id: v.pipe(IdSchema, v.check(isRegionId)),
  text: v.pipe(text(5000), v.minLength(10)),
})

const PublicAppealSchema = v.object({
  ...AppealSchema.entries,
  full_name: v.pipe(text(150), v.minLength(2)),
  email: EmailSchema,
  hash: HashSchema,
})

const ReplySchema = v.object({ appeal_id: IdSchema, response: text(5000) })

const ResolveSchema = v.object({ appeal_id: IdSchema, resolved: BoolSchema, reason: optionalText(2000) })

type AppealRow = {
  id: number
  user_id: number | null
  topic_id: number
  topic_title: string
  type_id: number
  type_title: string
  region_id: number
  status: 'in_moderation' | 'reviewed' | 'resolved' | 'not_resolved'
  reject_reason: string | null
  resolve_reason: string | null
  text: string
  created_at: string
}

const appealSelect = (lang: Locale) => `
  SELECT a.id, a.user_id, a.topic_id, ${col('t.title', lang, 'topic_title')},
    a.type_id, ${col('y.title', lang, 'type_title')}, a.region_id, a.status, a.reject_reason, a.resolve_reason, a.text, a.created_at
  FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id JOIN appeal_topics y ON y.id = a.type_id`

/** The Appeal of docs/gateway-contract.md. */
function toAppealView(row: AppealRow, lang: Locale) {
  return {
    id: row.id,
    topic: { id: row.topic_id, title: row.topic_title },
    type: { id: row.type_id, title: row.type_title },
    region: toRegionView(row.region_id, lang),
    status: row.status,
    reject_reason: row.reject_reason,
    resolve_reason: row.resolve_reason,
    text: row.text,
    createdAt: row.created_at,
  }
}

async function readAppeal(db: D1Database, id: number, lang: Locale): Promise<AppealRow | null> {
  return db
    .prepare(`${appealSelect(lang)} WHERE a.id = ?`)
    .bind(id)
    .first<AppealRow>()
}

/** The user's own appeal, or 404 `not_found` (another user's appeal looks the same as a missing one). */
async function readOwnAppeal(c: Context<AppEnv>, id: number): Promise<AppealRow> {
  const row = await readAppeal(c.env.DB, id, readLang(c.req.header('Accept-Language')))
  if (!row || row.user_id !== c.get('user').id) throw new GatewayError(404, 'not_found')
  return row
}

/** Checks that the topic is a topic and the type one of its types. */
async function assertTopicAndType(db: D1Database, topicId: number, typeId: number): Promise<void> {
  const rows = await db
    .prepare('SELECT id, parent_id FROM appeal_topics WHERE id IN (?, ?)')
    .bind(topicId, typeId)
    .all<{ id: number; parent_id: number | null }>()
  const topic = rows.results.find((r) => r.id === topicId)
  const type = rows.results.find((r) => r.id === typeId)
  const bad: string[] = []
  if (!topic || topic.parent_id !== null) bad.push('topic_id')
  if (!type || type.parent_id !== topicId) bad.push('type_id')
  if (bad.length) failValidation(bad)
}

async function insertAppeal(
  db: D1Database,
  input: v.InferOutput<typeof AppealSchema>,
  owner: { userId: number | null; fullName: string; email: string },
  lang: Locale,
  now: Date,
): Promise<number> {
  await assertTopicAndType(db, input.topic_id, input.type_id)
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO appeals (user_id, full_name, email, topic_id, type_id, region_id, text, lang, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      owner.userId,
      owner.fullName,
      owner.email,
      input.topic_id,
      input.type_id,
      input.region_id,
      input.text,
      lang,
      at,
      at,
    )
    .first<{ id: number }>()
  return row!.id
}

/** Appeal routes (public topics, anonymous and signed-in appeals). */
export const appealRoutes = new Hono<AppEnv>()

appealRoutes.get('/siw/public/appeal-topic', async (c) => {
  const lang = readLang(c.req.header('Accept-Language'))
  const { results } = await c.env.DB.prepare(
    `SELECT id, parent_id, ${col('title', lang)} FROM appeal_topics ORDER BY sort, id`,
  ).all<{
    id: number
    parent_id: number | null
    title: string
  }>()
  const topics = results
    .filter((r) => r.parent_id === null)
    .map((t) => ({
      id: t.id,
      title: t.title,
      children: results.filter((r) => r.parent_id === t.id).map((r) => ({ id: r.id, title: r.title, parent_id: t.id })),
    }))
  return ok(c, topics)
})

appealRoutes.get('/siw/public/appeal-type', async (c) => {
  const { parent_id } = parseInput(v.object({ parent_id: v.optional(IdSchema) }), readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const where = parent_id ? 'parent_id = ?' : 'parent_id IS NOT NULL'
  const stmt = c.env.DB.prepare(
    `SELECT id, parent_id, ${col('title', lang)} FROM appeal_topics WHERE ${where} ORDER BY sort, id`,
  )
  const { results } = await (parent_id ? stmt.bind(parent_id) : stmt).all()
  return ok(c, results)
})

appealRoutes.post('/siw/public/appeal', async (c) => {
  const input = parseInput(PublicAppealSchema, await readJson(c))
  await assertHuman(c, input.hash, 'appeal')
  const db = c.env.DB
  const now = new Date()
  const limit = { key: `form:appeal:ip:${readClientIp(c)}`, ...FORM_IP_LIMIT }
  if ((await countHit(db, limit, now.getTime())) > limit.max) throw new GatewayError(429, 'too_many_attempts')
  const lang = readLang(c.req.header('Accept-Language'))
  const id = await insertAppeal(db, input, { userId: null, fullName: input.full_name, email: input.email }, lang, now)
  await createMailer(c.env, now).send(composeAppealReceipt(input.email, id, lang))
  return ok(c, toAppealView((await readAppeal(db, id, lang))!, lang))
})

appealRoutes.use('/siw/appeal', requireUser)
appealRoutes.use('/siw/appeal/*', requireUser)

appealRoutes.get('/siw/appeal', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const lang = readLang(c.req.header('Accept-Language'))
  const paging = readPaging(readQuery(c))
  const total = await db.prepare('SELECT count(*) AS n FROM appeals WHERE user_id = ?').bind(userId).first<number>('n')
  const { results } = await db
    .prepare(`${appealSelect(lang)} WHERE a.user_id = ? ORDER BY a.id DESC LIMIT ? OFFSET ?`)
    .bind(userId, paging.size, paging.offset)
    .all<AppealRow>()
  return ok(
    c,
    results.map((r) => toAppealView(r, lang)),
    pageable(paging, total ?? 0),
  )
})

appealRoutes.get('/siw/appeal/:id{[0-9]+}', async (c) => {
  const row = await readOwnAppeal(c, parseInput(IdSchema, c.req.param('id')))
  return ok(c, toAppealView(row, readLang(c.req.header('Accept-Language'))))
})

appealRoutes.post('/siw/appeal', async (c) => {
  const input = parseInput(AppealSchema, await readJson(c))
  const db = c.env.DB
  const user = c.get('user')
  const now = new Date()
  const lang = readLang(c.req.header('Accept-Language'))
  const id = await insertAppeal(db, input, { userId: user.id, fullName: '', email: user.email }, lang, now)
  await createNotification(requestScope(c), db, user.id, 'new_appeal', String(id), notificationLinks.appeal(id), now)
  return ok(c, toAppealView((await readAppeal(db, id, lang))!, lang))
})

type ResponseRow = { id: number; admin: string | null; created: string; response: string; owner: number }

const toResponseView = (r: ResponseRow) => ({
  id: r.id,
  admin: r.admin,
  created: r.created,
  response: r.response,
  owner: r.owner === 1,
})

appealRoutes.get('/siw/appeal/response', async (c) => {
  const query = readQuery(c)
  const { appeal_id } = parseInput(v.object({ appeal_id: IdSchema }), query)
  await readOwnAppeal(c, appeal_id)
  const db = c.env.DB
  const paging = readPaging(query)
  const total = await db
    .prepare('SELECT count(*) AS n FROM appeal_responses WHERE appeal_id = ?')
    .bind(appeal_id)
    .first<number>('n')
  const { results } = await db
    .prepare(
      'SELECT id, admin, created, response, owner FROM appeal_responses WHERE appeal_id = ? ORDER BY id LIMIT ? OFFSET ?',
    )
    .bind(appeal_id, paging.size, paging.offset)
    .all<ResponseRow>()
  return ok(c, results.map(toResponseView), pageable(paging, total ?? 0))
})

appealRoutes.post('/siw/appeal/reply', async (c) => {
  const input = parseInput(ReplySchema, await readJson(c))
  const appeal = await readOwnAppeal(c, input.appeal_id)
  if (appeal.status !== 'reviewed') throw new GatewayError(409, 'invalid_state')
  const row = await c.env.DB.prepare(
    'INSERT INTO appeal_responses (appeal_id, admin, owner, response, created) VALUES (?, NULL, 1, ?, ?) RETURNING id, admin, created, response, owner',
  )
    .bind(appeal.id, input.response, new Date().toISOString())
    .first<ResponseRow>()
  // The user's other tabs and devices show the reply in the thread.
  publishToUser(requestScope(c), c.get('user').id, { type: 'appeal', id: appeal.id, status: 'reviewed', by: 'user' })
  return ok(c, toResponseView(row!))
})

appealRoutes.post('/siw/appeal/resolved', async (c) => {
  const input = parseInput(ResolveSchema, await readJson(c))
  const appeal = await readOwnAppeal(c, input.appeal_id)
  if (appeal.status !== 'reviewed') throw new GatewayError(409, 'invalid_state')
  const now = new Date().toISOString()
  // The status guard in SQL keeps two concurrent resolutions from both succeeding.
  const result = await c.env.DB.prepare(
    "UPDATE appeals SET status = ?, resolve_reason = ?, updated_at = ? WHERE id = ? AND status = 'reviewed'",
  )
    .bind(input.resolved ? 'resolved' : 'not_resolved', input.reason || null, now, appeal.id)
    .run()
  if (result.meta.changes !== 1) throw new GatewayError(409, 'invalid_state')
  publishToUser(requestScope(c), c.get('user').id, {
    type: 'appeal',
    id: appeal.id,
    status: input.resolved ? 'resolved' : 'not_resolved',
    by: 'user',
  })
  const lang = readLang(c.req.header('Accept-Language'))
  return ok(c, toAppealView((await readAppeal(c.env.DB, appeal.id, lang))!, lang))
})
