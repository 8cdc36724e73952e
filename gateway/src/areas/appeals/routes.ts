/** Appeals: topics and types, anonymous appeals, and the signed-in user's appeals with replies and resolution. */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../../../contract/locales'
import { assertHuman } from '../../integrations/bot'
import { type AppEnv, requestScope } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { FORM_IP_LIMIT, isOverLimit, readClientIp } from '../../lib/rate-limit'
import {
  BoolSchema,
  EmailSchema,
  failValidation,
  HashSchema,
  IdSchema,
  optionalText,
  parseInput,
  parseInputAsync,
  readJson,
  readQuery,
  text,
} from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { knownIn } from '../content/references'
import { queueMail } from '../mail/send'
import { createNotification, notificationLinks } from '../notifications/notify'
import { publishToUser } from '../notifications/realtime'
import { appealUrl } from './decisions'
import {
  type AppealRow,
  countResponses,
  countUserAppeals,
  insertAppeal,
  insertOwnerReply,
  listResponses,
  listTopics,
  listTypes,
  listUserAppeals,
  type ResponseRow,
  readAppeal,
  readTopicsById,
  resolveAppeal,
} from './queries'

/** An appeal's fields; the region is looked up in D1. */
const appealEntries = (db: D1Database) => ({
  topic_id: IdSchema,
  type_id: IdSchema,
  region_id: v.pipeAsync(IdSchema, knownIn(db, 'regions')),
  text: v.pipe(text(5000), v.minLength(10)),
})

const appealSchema = (db: D1Database) => v.objectAsync(appealEntries(db))

const publicAppealSchema = (db: D1Database) =>
  v.objectAsync({
    ...appealEntries(db),
    full_name: v.pipe(text(150), v.minLength(2)),
    email: EmailSchema,
    hash: HashSchema,
  })

type AppealInput = { topic_id: number; type_id: number; region_id: number; text: string }

const ReplySchema = v.object({ appeal_id: IdSchema, response: text(5000) })

const ResolveSchema = v.object({ appeal_id: IdSchema, resolved: BoolSchema, reason: optionalText(2000) })

/** The Appeal of docs/gateway-contract.md. */
function toAppealView(row: AppealRow) {
  return {
    id: row.id,
    topic: { id: row.topic_id, title: row.topic_title },
    type: { id: row.type_id, title: row.type_title },
    region: row.region_code === null ? null : { id: row.region_id, region: row.region_name, code: row.region_code },
    status: row.status,
    reject_reason: row.reject_reason,
    resolve_reason: row.resolve_reason,
    text: row.text,
    createdAt: row.created_at,
  }
}

/** The user's own appeal, or 404 `not_found` (another user's appeal looks the same as a missing one). */
async function readOwnAppeal(c: Context<AppEnv>, id: number): Promise<AppealRow> {
  const row = await readAppeal(c.env.DB, id, readLang(c.req.header('Accept-Language')))
  if (!row || row.user_id !== c.get('user').id) throw new GatewayError(404, 'not_found')
  return row
}

/** Checks that the topic is a topic and the type one of its types. */
async function assertTopicAndType(db: D1Database, topicId: number, typeId: number): Promise<void> {
  const rows = await readTopicsById(db, topicId, typeId)
  const topic = rows.find((r) => r.id === topicId)
  const type = rows.find((r) => r.id === typeId)
  const bad: string[] = []
  if (!topic || topic.parent_id !== null) bad.push('topic_id')
  if (!type || type.parent_id !== topicId) bad.push('type_id')
  if (bad.length) failValidation(bad)
}

async function storeAppeal(
  db: D1Database,
  input: AppealInput,
  owner: { userId: number | null; fullName: string; email: string },
  lang: Locale,
  now: Date,
): Promise<number> {
  await assertTopicAndType(db, input.topic_id, input.type_id)
  const appeal = { topicId: input.topic_id, typeId: input.type_id, regionId: input.region_id, text: input.text, lang }
  return insertAppeal(db, { ...owner, ...appeal }, now)
}

/** The appeal just stored, as the calls that make one answer it. */
async function okAppeal(c: Context<AppEnv>, id: number, lang: Locale) {
  return ok(c, toAppealView((await readAppeal(c.env.DB, id, lang))!))
}

/** The public appeal calls (topics, types, anonymous appeals), mounted at `/siw/public`. */
export const publicAppealRoutes = new Hono<AppEnv>()

publicAppealRoutes.get('/appeal-topic', async (c) => {
  const results = await listTopics(c.env.DB, readLang(c.req.header('Accept-Language')))
  const topics = results
    .filter((r) => r.parent_id === null)
    .map((t) => ({
      id: t.id,
      title: t.title,
      children: results.filter((r) => r.parent_id === t.id).map((r) => ({ id: r.id, title: r.title, parent_id: t.id })),
    }))
  return ok(c, topics)
})

publicAppealRoutes.get('/appeal-type', async (c) => {
  const { parent_id } = parseInput(v.object({ parent_id: v.optional(IdSchema) }), readQuery(c))
  return ok(c, await listTypes(c.env.DB, readLang(c.req.header('Accept-Language')), parent_id))
})

publicAppealRoutes.post('/appeal', async (c) => {
  const db = c.env.DB
  const input = await parseInputAsync(publicAppealSchema(db), await readJson(c))
  await assertHuman(c, input.hash, 'appeal')
  const now = new Date()
  const limit = { key: `form:appeal:ip:${readClientIp(c)}`, ...FORM_IP_LIMIT }
  if (await isOverLimit(db, limit, now.getTime())) throw new GatewayError(429, 'too_many_attempts')
  const lang = readLang(c.req.header('Accept-Language'))
  const id = await storeAppeal(db, input, { userId: null, fullName: input.full_name, email: input.email }, lang, now)
  // Within the address's daily limit: anyone may type anyone's address here (docs/security.md#mail-limits).
  await queueMail(c.env, now, { kind: 'appeal-receipt', to: input.email, lang, props: { id, url: null } })
  return okAppeal(c, id, lang)
})

/** The signed-in user's appeal calls, mounted at `/siw/appeal`. */
export const appealRoutes = new Hono<AppEnv>()

appealRoutes.use('*', requireUser)

appealRoutes.get('/', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const lang = readLang(c.req.header('Accept-Language'))
  const paging = readPaging(readQuery(c))
  const total = await countUserAppeals(db, userId)
  const rows = await listUserAppeals(db, userId, lang, paging)
  return ok(c, rows.map(toAppealView), pageable(paging, total))
})

appealRoutes.get('/:id{[0-9]+}', async (c) => {
  return ok(c, toAppealView(await readOwnAppeal(c, parseInput(IdSchema, c.req.param('id')))))
})

appealRoutes.post('/', async (c) => {
  const db = c.env.DB
  const input = await parseInputAsync(appealSchema(db), await readJson(c))
  const user = c.get('user')
  const now = new Date()
  const lang = readLang(c.req.header('Accept-Language'))
  const id = await storeAppeal(db, input, { userId: user.id, fullName: '', email: user.email }, lang, now)
  await createNotification(requestScope(c), db, user.id, 'new_appeal', String(id), notificationLinks.appeal(id), now)
  const url = appealUrl(c.env, { id, user_id: user.id }, lang)
  await queueMail(c.env, now, { kind: 'appeal-receipt', to: user.email, lang, userId: user.id, props: { id, url } })
  return okAppeal(c, id, lang)
})

const toResponseView = (r: ResponseRow) => ({
  id: r.id,
  admin: r.admin,
  created: r.created,
  response: r.response,
  owner: r.owner === 1,
})

appealRoutes.get('/response', async (c) => {
  const query = readQuery(c)
  const { appeal_id } = parseInput(v.object({ appeal_id: IdSchema }), query)
  await readOwnAppeal(c, appeal_id)
  const paging = readPaging(query)
  const total = await countResponses(c.env.DB, appeal_id)
  const rows = await listResponses(c.env.DB, appeal_id, paging)
  return ok(c, rows.map(toResponseView), pageable(paging, total))
})

appealRoutes.post('/reply', async (c) => {
  const input = parseInput(ReplySchema, await readJson(c))
  const appeal = await readOwnAppeal(c, input.appeal_id)
  if (appeal.status !== 'reviewed') throw new GatewayError(409, 'invalid_state')
  const row = await insertOwnerReply(c.env.DB, appeal.id, input.response, new Date())
  // The user's other tabs and devices show the reply in the thread.
  publishToUser(requestScope(c), c.get('user').id, { type: 'appeal', id: appeal.id, status: 'reviewed', by: 'user' })
  return ok(c, toResponseView(row))
})

appealRoutes.post('/resolved', async (c) => {
  const input = parseInput(ResolveSchema, await readJson(c))
  const appeal = await readOwnAppeal(c, input.appeal_id)
  if (appeal.status !== 'reviewed') throw new GatewayError(409, 'invalid_state')
  const status = input.resolved ? 'resolved' : 'not_resolved'
  if (!(await resolveAppeal(c.env.DB, appeal.id, { status, reason: input.reason || null }, new Date())))
    throw new GatewayError(409, 'invalid_state')
  publishToUser(requestScope(c), c.get('user').id, { type: 'appeal', id: appeal.id, status, by: 'user' })
  return okAppeal(c, appeal.id, readLang(c.req.header('Accept-Language')))
})
