/** Services of docs/gateway-contract.md#services: categories, services, processes, steps with documents. */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { GatewayError, ok } from '../../lib/envelope'
import { artFile, type ContentEnv, langOf, notFound, previewOf, readId, readOptionalId } from './common'
import { toDocument } from './downloads'
import {
  listProcesses,
  listServiceCategories,
  listServices,
  listSteps,
  type Row,
  readService,
  readStep,
  readStepParts,
} from './queries'

/** Service catalogue routes, mounted at `/siw/public`. */
export const serviceRoutes = new Hono<ContentEnv>()

/** A service row as the API answers it (booleans, `upload` File). */
export function toService(c: Parameters<typeof artFile>[0], r: Row) {
  return { ...r, upload: artFile(c, r.upload), online: r.online === 1, is_external: r.is_external === 1 }
}

serviceRoutes.get('/service/category', async (c) => {
  const parent = readOptionalId(c, 'parent_id')
  return ok(c, await listServiceCategories(c.env.DB, langOf(c), parent))
})

serviceRoutes.get('/service', async (c) => {
  const category = readOptionalId(c, 'category_id')
  const rows = await listServices(c.env.DB, langOf(c), previewOf(c), category)
  return ok(
    c,
    rows.map((r) => toService(c, r)),
  )
})

serviceRoutes.get('/service-process', async (c) => {
  const serviceId = readOptionalId(c, 'service_id')
  if (serviceId === null) throw new GatewayError(422, 'validation_error', 'validation_error', ['service_id'])
  return ok(c, await listProcesses(c.env.DB, langOf(c), previewOf(c), serviceId))
})

serviceRoutes.get('/service/step', async (c) => {
  const processId = readOptionalId(c, 'process_id')
  if (processId === null) throw new GatewayError(422, 'validation_error', 'validation_error', ['process_id'])
  const rows = await listSteps(c.env.DB, langOf(c), previewOf(c), processId)
  return ok(
    c,
    rows.map((r) => ({ ...r, upload: artFile(c, r.upload) })),
  )
})

serviceRoutes.get('/service/step/:id', async (c) => {
  const lang: Locale = langOf(c)
  const id = readId(c.req.param('id'))
  const step = await readStep(c.env.DB, lang, previewOf(c), id)
  if (!step) notFound()
  const { groups, accordions, documents } = await readStepParts(c.env.DB, lang, id)
  const doc = (d: Row) => toDocument(c, d, lang)
  return ok(c, {
    ...step,
    upload: artFile(c, step.upload),
    groups: groups.map((g) => ({ ...g, documents: documents.filter((d) => d.group_id === g.id).map(doc) })),
    accordions: accordions.map((a) => ({
      ...a,
      documents: documents.filter((d) => d.accordion_id === a.id).map(doc),
    })),
  })
})

/** After the list routes above so `category` and `step` are never read as an id. */
serviceRoutes.get('/service/:id', async (c) => {
  const row = await readService(c.env.DB, langOf(c), previewOf(c), readId(c.req.param('id')))
  if (!row) notFound()
  return ok(c, toService(c, row))
})
