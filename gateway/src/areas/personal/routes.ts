/** `/siw/personal/*`: the signed-in user's investment projects and personal services. */
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { PROJECT_STATUSES } from '../../../../contract/gateway/statuses'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { type ServiceResult, toServicePage } from '../../dev/demo-services'
import { integrationFor } from '../../integrations/registries'
import { readConfig } from '../../lib/config'
import { type AppEnv, requestScope } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { col, readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { sanitizeUserHtml } from '../../lib/user-html'
import {
  BoolSchema,
  DateSchema,
  EmailSchema,
  failValidation,
  IdSchema,
  localeText,
  NumberSchema,
  PhoneSchema,
  parseInput,
  readJson,
  readQuery,
  TinSchema,
} from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { isRegionId } from '../content/places'
import { isProjectCategoryId, isSectorId } from '../content/references'
import { type FileRow, readFileRows, toFileView } from '../documents/files'
import { createNotification, notificationLinks } from '../notifications/notify'

const MAX_BUDGET_USD = 1e12

const ProjectSchema = v.object({
  title: localeText(255),
  content: v.optional(
    v.object({ en: v.nullish(v.string(), ''), ru: v.nullish(v.string(), ''), uz: v.nullish(v.string(), '') }),
    {},
  ),
  category_id: v.pipe(IdSchema, v.check(isProjectCategoryId)),
  sector_id: v.pipe(IdSchema, v.check(isSectorId)),
  region_id: v.pipe(IdSchema, v.check(isRegionId)),
  budget: v.pipe(NumberSchema, v.minValue(0), v.maxValue(MAX_BUDGET_USD)),
  status: v.optional(v.picklist(PROJECT_STATUSES), 'open_for_investment'),
  latitude: v.nullish(v.pipe(NumberSchema, v.minValue(-90), v.maxValue(90)), null),
  longitude: v.nullish(v.pipe(NumberSchema, v.minValue(-180), v.maxValue(180)), null),
  phone: v.nullish(v.union([v.literal(''), PhoneSchema]), ''),
  email: v.nullish(v.union([v.literal(''), EmailSchema]), ''),
  budgets: v.optional(
    v.pipe(
      v.array(
        v.object({ id: v.nullish(IdSchema), sum: v.pipe(NumberSchema, v.minValue(0), v.maxValue(MAX_BUDGET_USD)) }),
      ),
      v.maxLength(50),
    ),
    [],
  ),
  deleted_budgets: v.optional(v.pipe(v.array(IdSchema), v.maxLength(50)), []),
  draft: v.optional(BoolSchema, false),
})

type ProjectInput = v.InferOutput<typeof ProjectSchema>

const MAX_CONTENT_CHARS = 50_000

type ProjectRow = {
  id: number
  user_id: number
  title_uz: string
  title_ru: string
  title_en: string
  content_uz: string
  content_ru: string
  content_en: string
  category_id: number
  sector_id: number
  region_id: number
  budget: number
  status: string
  latitude: number | null
  longitude: number | null
  phone: string
  email: string
  state: 'pending' | 'approved' | 'rejected'
  reject_reason: string | null
  draft: number
  visible: number
  upload_file_id: string | null
  presentation_uz_file_id: string | null
  presentation_ru_file_id: string | null
  presentation_en_file_id: string | null
  created_at: string
  updated_at: string
}

const locale = (row: Record<string, unknown>, field: string) =>
  Object.fromEntries(LOCALES.map((l) => [l, String(row[`${field}_${l}`] ?? '')])) as Record<Locale, string>

/** Personal projects with their budgets and files, in the shape the project form reads. */
async function toProjectViews(db: D1Database, rows: ProjectRow[], publicBase: string) {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const { results: budgets } = await db
    .prepare(
      `SELECT id, project_id, sum FROM personal_project_budgets WHERE project_id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
    )
    .bind(...ids)
    .all<{ id: number; project_id: number; sum: number }>()
  const files = await readFileRows(
    db,
    rows.flatMap((r) => [
      r.upload_file_id,
      r.presentation_en_file_id,
      r.presentation_ru_file_id,
      r.presentation_uz_file_id,
    ]),
  )
  const file = (id: string | null) => {
    const f: FileRow | undefined = id ? files.get(id) : undefined
    return f ? toFileView(f, publicBase) : null
  }
  return rows.map((r) => ({
    id: r.id,
    title: locale(r, 'title'),
    content: locale(r, 'content'),
    category_id: r.category_id,
    sector_id: r.sector_id,
    region_id: r.region_id,
    budget: r.budget,
    status: r.status,
    latitude: r.latitude,
    longitude: r.longitude,
    phone: r.phone,
    email: r.email,
    budgets: budgets.filter((b) => b.project_id === r.id).map((b) => ({ id: b.id, sum: b.sum })),
    state: r.state,
    reject_reason: r.reject_reason,
    draft: r.draft === 1,
    visible: r.visible === 1,
    upload: file(r.upload_file_id),
    presentation: {
      en: file(r.presentation_en_file_id),
      ru: file(r.presentation_ru_file_id),
      uz: file(r.presentation_uz_file_id),
    },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }))
}

/** The user's own project row, or 404 `not_found`. */
export async function readOwnProject(c: Context<AppEnv>, id: number): Promise<ProjectRow> {
  const row = await c.env.DB.prepare('SELECT * FROM personal_projects WHERE id = ? AND user_id = ?')
    .bind(id, c.get('user').id)
    .first<ProjectRow>()
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

async function readProjectView(c: Context<AppEnv>, id: number) {
  const row = await readOwnProject(c, id)
  return (await toProjectViews(c.env.DB, [row], readConfig(c.env).publicBase))[0]!
}

async function sanitizeContent(content: ProjectInput['content']): Promise<Record<Locale, string>> {
  const out = {} as Record<Locale, string>
  for (const lang of LOCALES) {
    const html = content[lang] ?? ''
    if (html.length > MAX_CONTENT_CHARS) failValidation([`content.${lang}`])
    out[lang] = await sanitizeUserHtml(html)
  }
  return out
}

const projectValues = (input: ProjectInput, content: Record<Locale, string>) => [
  input.title.uz,
  input.title.ru,
  input.title.en,
  content.uz,
  content.ru,
  content.en,
  input.category_id,
  input.sector_id,
  input.region_id,
  input.budget,
  input.status,
  input.latitude,
  input.longitude,
  input.phone,
  input.email,
  input.draft ? 1 : 0,
]

/** The `/siw/personal/*` routes. */
export const personalRoutes = new Hono<AppEnv>()

personalRoutes.use('/siw/personal/*', requireUser)

personalRoutes.get('/siw/personal/project', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const paging = readPaging(readQuery(c))
  const total = await db
    .prepare('SELECT count(*) AS n FROM personal_projects WHERE user_id = ?')
    .bind(userId)
    .first<number>('n')
  const { results } = await db
    .prepare('SELECT * FROM personal_projects WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
    .bind(userId, paging.size, paging.offset)
    .all<ProjectRow>()
  return ok(c, await toProjectViews(db, results, readConfig(c.env).publicBase), pageable(paging, total ?? 0))
})

personalRoutes.get('/siw/personal/project/:id{[0-9]+}', async (c) => {
  return ok(c, await readProjectView(c, parseInput(IdSchema, c.req.param('id'))))
})

personalRoutes.post('/siw/personal/project', async (c) => {
  const input = parseInput(ProjectSchema, await readJson(c))
  if (input.deleted_budgets.length) failValidation(['deleted_budgets'])
  if (input.budgets.some((b) => b.id)) failValidation(['budgets'])
  const content = await sanitizeContent(input.content)
  const db = c.env.DB
  const user = c.get('user')
  const now = new Date()
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO personal_projects (title_uz, title_ru, title_en, content_uz, content_ru, content_en, category_id, sector_id,
         region_id, budget, status, latitude, longitude, phone, email, draft, user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(...projectValues(input, content), user.id, at, at)
    .first<{ id: number }>()
  const id = row!.id
  if (input.budgets.length) {
    await db.batch(
      input.budgets.map((b) =>
        db
          .prepare('INSERT INTO personal_project_budgets (project_id, sum, created_at) VALUES (?, ?, ?)')
          .bind(id, b.sum, at),
      ),
    )
  }
  if (!input.draft)
    await createNotification(
      requestScope(c),
      db,
      user.id,
      'new_project',
      input.title,
      notificationLinks.project(id),
      now,
    )
  return ok(c, await readProjectView(c, id))
})

personalRoutes.put('/siw/personal/project', async (c) => {
  const { id } = parseInput(v.object({ id: IdSchema }), readQuery(c))
  const input = parseInput(ProjectSchema, await readJson(c))
  const project = await readOwnProject(c, id)
  // A submitted project is frozen while the moderator looks at it; drafts stay editable.
  if (project.state === 'pending' && project.draft === 0) throw new GatewayError(409, 'invalid_state')
  const db = c.env.DB
  const { results: existing } = await db
    .prepare('SELECT id FROM personal_project_budgets WHERE project_id = ?')
    .bind(id)
    .all<{ id: number }>()
  const own = new Set(existing.map((b) => b.id))
  const badBudgets = input.budgets.flatMap((b, i) => (b.id && !own.has(b.id) ? [`budgets.${i}.id`] : []))
  const badDeletes = input.deleted_budgets.flatMap((b, i) => (own.has(b) ? [] : [`deleted_budgets.${i}`]))
  if (badBudgets.length || badDeletes.length) failValidation([...badBudgets, ...badDeletes])
  const content = await sanitizeContent(input.content)
  const now = new Date()
  const at = now.toISOString()
  await db.batch([
    db
      .prepare(
        `UPDATE personal_projects SET title_uz = ?, title_ru = ?, title_en = ?, content_uz = ?, content_ru = ?, content_en = ?,
           category_id = ?, sector_id = ?, region_id = ?, budget = ?, status = ?, latitude = ?, longitude = ?, phone = ?, email = ?,
           draft = ?, state = 'pending', reject_reason = NULL, updated_at = ? WHERE id = ? AND user_id = ?`,
      )
      .bind(...projectValues(input, content), at, id, c.get('user').id),
    ...input.deleted_budgets.map((b) =>
      db.prepare('DELETE FROM personal_project_budgets WHERE id = ? AND project_id = ?').bind(b, id),
    ),
    ...input.budgets.map((b) =>
      b.id
        ? db
            .prepare('UPDATE personal_project_budgets SET sum = ? WHERE id = ? AND project_id = ?')
            .bind(b.sum, b.id, id)
        : db
            .prepare('INSERT INTO personal_project_budgets (project_id, sum, created_at) VALUES (?, ?, ?)')
            .bind(id, b.sum, at),
    ),
  ])
  if (!input.draft)
    await createNotification(
      requestScope(c),
      db,
      c.get('user').id,
      'update_project',
      input.title,
      notificationLinks.project(id),
      now,
    )
  return ok(c, await readProjectView(c, id))
})

personalRoutes.post('/siw/personal/project/set-visible/:id{[0-9]+}', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  const { visible } = parseInput(v.object({ visible: v.optional(BoolSchema) }), readQuery(c))
  const project = await readOwnProject(c, id)
  const next = visible ?? project.visible !== 1
  await c.env.DB.prepare('UPDATE personal_projects SET visible = ?, updated_at = ? WHERE id = ?')
    .bind(next ? 1 : 0, new Date().toISOString(), id)
    .run()
  return ok(c, await readProjectView(c, id))
})

const SERVICE_TYPES = [
  'my_company',
  'infrastructure',
  'license',
  'foreign_economic_activity',
  'tax_information',
  'economic_operations',
  'others',
] as const

type ServiceParam = {
  key: string
  title: Record<Locale, string>
  type: 'text' | 'date' | 'region' | 'district'
  required: boolean
}
type ServiceRow = {
  id: number
  type: string
  title: string
  description: string
  handler: string | null
  params_json: string
}

const serviceSelect = (lang: Locale) =>
  `SELECT id, type, ${col('title', lang)}, ${col('description', lang)}, handler, params_json FROM personal_services`

/** The service's link, relative to the gateway root (the portal calls it through its gateway client). */
const serviceLink = (id: number) => `/siw/personal/service/run/${id}`

/**
 * Personal services are for residents only (docs/product.md#guards: `my-services`), and answer from the signed-in
 * account's own record: a non-resident, whose identifiers nobody checked, gets 403
 * (docs/security.md#personal-services).
 */
const requireResident = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user').isResident) throw new GatewayError(403, 'forbidden')
  await next()
})
personalRoutes.use('/siw/personal/service', requireResident)
personalRoutes.use('/siw/personal/service/*', requireResident)

personalRoutes.get('/siw/personal/service', async (c) => {
  const { type } = parseInput(v.object({ type: v.optional(v.picklist(SERVICE_TYPES)) }), readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const stmt = c.env.DB.prepare(`${serviceSelect(lang)} ${type ? 'WHERE type = ?' : ''} ORDER BY id`)
  const { results } = await (type ? stmt.bind(type) : stmt).all<ServiceRow>()
  return ok(
    c,
    results.map((s) => ({
      id: s.id,
      type: s.type,
      title: s.title,
      description: s.description,
      link: serviceLink(s.id),
      params: (JSON.parse(s.params_json) as ServiceParam[]).map((p) => ({
        key: p.key,
        title: p.title[lang] || p.title.en,
        type: p.type,
        required: p.required,
      })),
      body: [],
    })),
  )
})

const PARAM_SCHEMAS: Record<string, v.GenericSchema<string, unknown>> = {
  inn: TinSchema,
  pinfl: v.pipe(v.string(), v.regex(/^\d{14}$/)),
  date: DateSchema,
  date_from: DateSchema,
  date_to: DateSchema,
}

personalRoutes.get('/siw/personal/service/run/:id{[0-9]+}', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const service = await db
    .prepare(`${serviceSelect(lang)} WHERE id = ?`)
    .bind(id)
    .first<ServiceRow>()
  if (!service) throw new GatewayError(404, 'not_found')
  const query = readQuery(c)
  const paging = readPaging(query, 10)
  const profile = await db
    .prepare('SELECT tin, pin FROM profiles WHERE user_id = ?')
    .bind(c.get('user').id)
    .first<{ tin: string; pin: string }>()
  // `inn` and `pinfl` are the profile's tin and pin, never the caller's choice: a company's tax and registry data is
  // its own (docs/security.md#personal-services). Naming another identifier is refused, not silently replaced.
  const tin = profile?.tin ?? ''
  const own: Record<string, string> = { inn: tin, pinfl: profile?.pin ?? '' }
  for (const key of Object.keys(own)) {
    const asked = (query[key] ?? '').trim()
    if (asked && asked !== own[key]) throw new GatewayError(403, 'forbidden')
  }
  const params: Record<string, string> = {}
  const bad: string[] = []
  for (const p of JSON.parse(service.params_json) as ServiceParam[]) {
    const value = Object.hasOwn(own, p.key) ? own[p.key]! : (query[p.key] ?? '').trim()
    if (!value) {
      if (p.required) bad.push(p.key)
      continue
    }
    const schema = PARAM_SCHEMAS[p.key] ?? (p.type === 'date' ? DateSchema : v.pipe(v.string(), v.maxLength(200)))
    if (v.is(schema, value)) params[p.key] = value
    else bad.push(p.key)
  }
  if (bad.length) failValidation(bad)
  const integration = integrationFor(c.env, service.handler)
  // No registry behind it: say so, never invent a record (docs/gateway-contract.md#personal-services).
  if (!integration) throw new GatewayError(503, 'service_not_connected')
  // The account's own record only: another account's profile with the same identifier never answers.
  const account = await db
    .prepare('SELECT company_name, legal_address, name, surname FROM profiles WHERE user_id = ?')
    .bind(c.get('user').id)
    .first<{ company_name: string; legal_address: string; name: string; surname: string }>()
  const rows = await integration({ inn: tin, pinfl: own.pinfl!, params, lang, account }, c.env)
  const result: ServiceResult = toServicePage(rows, paging.page, paging.size)
  return ok(c, result)
})
