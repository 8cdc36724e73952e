/**
 * Personal services (docs/gateway-contract.md#personal-services): residents only, each answering from the signed-in
 * account's own record through the registry its `handler` names, never an invented one.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import type { Locale } from '../../../../contract/locales'
import { integrationFor } from '../../integrations/registries'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { readPaging } from '../../lib/paging'
import { DateSchema, failValidation, IdSchema, parseInput, readQuery, TinSchema } from '../../lib/validate'
import { listPersonalServices, readAccountRecord, readPersonalService } from './queries'

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

/** What calling a personal service's link answers (docs/gateway-contract.md#personal-services). */
type ServiceResult = { count: number; data: Record<string, unknown>[]; size: number; max_page: number }

/** Slices rows into a page: `max_page` is the number of pages. */
function toServicePage(rows: Record<string, unknown>[], page: number, size: number): ServiceResult {
  return {
    count: rows.length,
    data: rows.slice(page * size, page * size + size),
    size,
    max_page: Math.ceil(rows.length / size),
  }
}

/** The service's link, relative to the gateway root (the portal calls it through its gateway client). */
const serviceLink = (id: number) => `/siw/personal/service/run/${id}`

/** The personal service calls, mounted at `/siw/personal/service` behind `requireUser`. */
export const personalServiceRoutes = new Hono<AppEnv>()

/**
 * Personal services are for residents only (docs/product.md#guards: `my-services`), and answer from the signed-in
 * account's own record: a non-resident, whose identifiers nobody checked, gets 403
 * (docs/security.md#personal-services).
 */
const requireResident = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user').isResident) throw new GatewayError(403, 'forbidden')
  await next()
})
personalServiceRoutes.use('*', requireResident)

personalServiceRoutes.get('/', async (c) => {
  const { type } = parseInput(v.object({ type: v.optional(v.picklist(SERVICE_TYPES)) }), readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const results = await listPersonalServices(c.env.DB, lang, type)
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

/**
 * The service's params from the query: `inn` and `pinfl` are the profile's tin and pin, never the caller's choice (a
 * company's tax and registry data is its own, docs/security.md#personal-services); naming another identifier is
 * refused with 403, not silently replaced. 422 names the params that are missing or malformed.
 */
function readServiceParams(
  query: Record<string, string>,
  params: readonly ServiceParam[],
  own: Record<'inn' | 'pinfl', string>,
): Record<string, string> {
  for (const key of Object.keys(own) as (keyof typeof own)[]) {
    const asked = (query[key] ?? '').trim()
    if (asked && asked !== own[key]) throw new GatewayError(403, 'forbidden')
  }
  const values: Record<string, string> = {}
  const bad: string[] = []
  for (const p of params) {
    const value = Object.hasOwn(own, p.key) ? own[p.key as keyof typeof own] : (query[p.key] ?? '').trim()
    if (!value) {
      if (p.required) bad.push(p.key)
      continue
    }
    const schema = PARAM_SCHEMAS[p.key] ?? (p.type === 'date' ? DateSchema : v.pipe(v.string(), v.maxLength(200)))
    if (v.is(schema, value)) values[p.key] = value
    else bad.push(p.key)
  }
  if (bad.length) failValidation(bad)
  return values
}

personalServiceRoutes.get('/run/:id{[0-9]+}', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const service = await readPersonalService(db, id, lang)
  if (!service) throw new GatewayError(404, 'not_found')
  const query = readQuery(c)
  const paging = readPaging(query, 10)
  // The account's own record only: another account's profile with the same identifier never answers.
  const record = await readAccountRecord(db, c.get('user').id)
  const own = { inn: record?.tin ?? '', pinfl: record?.pin ?? '' }
  const params = readServiceParams(query, JSON.parse(service.params_json) as ServiceParam[], own)
  // Local mode's demo records exist only in a development build, and answer only with DEV_MODE on.
  const demos = readConfig(c.env).devMode ? (c.get('dev')?.serviceDemos ?? null) : null
  const integration = integrationFor(service.handler, demos)
  // No registry behind it: say so, never invent a record (docs/gateway-contract.md#personal-services).
  if (!integration) throw new GatewayError(503, 'service_not_connected')
  const account = record
    ? {
        company_name: record.company_name,
        legal_address: record.legal_address,
        name: record.name,
        surname: record.surname,
      }
    : null
  const rows = await integration({ inn: own.inn, pinfl: own.pinfl, params, lang, account }, c.env)
  return ok(c, toServicePage(rows, paging.page, paging.size))
})
