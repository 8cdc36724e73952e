/** Services of docs/gateway-contract.md: categories, services, processes, steps with document groups and accordions. */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { GatewayError, ok } from '../../lib/envelope'
import { col } from '../../lib/lang'
import { artFile, type ContentEnv, langOf, notFound, type Row, readId, readOptionalId, shown } from './common'
import { documentCols, toDocument } from './downloads'

/** Service catalogue routes. */
export const serviceRoutes = new Hono<ContentEnv>()

/** Columns of a service row; `prefix` is a table alias such as `s.`. */
export function serviceCols(lang: Locale, prefix = '') {
  const f = (name: string) => `${prefix}${name}`
  return `${f('id')} AS id, ${f('category_id')} AS category_id, ${f('link')} AS link, ${f('upload')} AS upload, ${f('online')} AS online, ${f('is_external')} AS is_external, ${f('updated_at')} AS updated_at,
    ${col(f('title'), lang, 'title')}, ${col(f('description'), lang, 'description')}, ${col(f('info'), lang, 'info')}`
}

/** A service row as the API answers it (booleans, `upload` File). */
export function toService(c: Parameters<typeof artFile>[0], r: Row) {
  return { ...r, upload: artFile(c, r.upload), online: r.online === 1, is_external: r.is_external === 1 }
}

serviceRoutes.get('/siw/public/service/category', async (c) => {
  const lang = langOf(c)
  const parent = readOptionalId(c, 'parent_id')
  const { results } = await c.env.DB.prepare(
    `SELECT id, icon, position AS "order", parent_id AS parent, updated_at, ${col('title', lang)}, ${col('description', lang)} FROM service_categories
     WHERE ${parent === null ? 'parent_id IS NULL' : 'parent_id = ?'} ORDER BY position, id`,
  )
    .bind(...(parent === null ? [] : [parent]))
    .all<Row>()
  return ok(c, results)
})

serviceRoutes.get('/siw/public/service', async (c) => {
  const category = readOptionalId(c, 'category_id')
  const { results } = await c.env.DB.prepare(
    `SELECT ${serviceCols(langOf(c))} FROM services WHERE ${shown(c, 'service')}${category === null ? '' : ' AND (category_id = ? OR category_id IN (SELECT id FROM service_categories WHERE parent_id = ?))'} ORDER BY id`,
  )
    .bind(...(category === null ? [] : [category, category]))
    .all<Row>()
  return ok(
    c,
    results.map((r) => toService(c, r)),
  )
})

serviceRoutes.get('/siw/public/service-process', async (c) => {
  const serviceId = readOptionalId(c, 'service_id')
  if (serviceId === null) throw new GatewayError(422, 'validation_error', 'validation_error', ['service_id'])
  const lang = langOf(c)
  const { results } = await c.env.DB.prepare(
    `SELECT id, position AS "order", icon, ${col('title', lang)}, ${col('description', lang)} FROM service_processes
     WHERE service_id = ? AND service_id IN (SELECT id FROM services WHERE ${shown(c, 'service')}) ORDER BY position, id`,
  )
    .bind(serviceId)
    .all<Row>()
  return ok(c, results)
})

serviceRoutes.get('/siw/public/service/step', async (c) => {
  const processId = readOptionalId(c, 'process_id')
  if (processId === null) throw new GatewayError(422, 'validation_error', 'validation_error', ['process_id'])
  const { results } = await c.env.DB.prepare(
    `SELECT id, position AS "order", upload, ${col('title', langOf(c))} FROM service_steps
     WHERE process_id = ? AND process_id IN (SELECT sp.id FROM service_processes sp JOIN services s ON s.id = sp.service_id
       WHERE ${shown(c, 'service', 's.')}) ORDER BY position, id`,
  )
    .bind(processId)
    .all<Row>()
  return ok(
    c,
    results.map((r) => ({ ...r, upload: artFile(c, r.upload) })),
  )
})

serviceRoutes.get('/siw/public/service/step/:id', async (c) => {
  const lang = langOf(c)
  const id = readId(c.req.param('id'))
  const step = await c.env.DB.prepare(
    `SELECT id, process_id, position AS "order", upload, ${col('title', lang)}, ${col('content', lang)} FROM service_steps WHERE id = ?`,
  )
    .bind(id)
    .first<Row>()
  if (!step) notFound()
  const [groups, accordions, documents] = await c.env.DB.batch<Row>([
    c.env.DB.prepare(
      `SELECT id, icon, ${col('title', lang)} FROM step_groups WHERE step_id = ? ORDER BY position, id`,
    ).bind(id),
    c.env.DB.prepare(
      `SELECT id, ${col('title', lang)}, ${col('content', lang)} FROM step_accordions WHERE step_id = ? ORDER BY position, id`,
    ).bind(id),
    c.env.DB.prepare(
      `SELECT d.group_id, d.accordion_id, ${documentCols(lang)} FROM documents d
       WHERE d.group_id IN (SELECT id FROM step_groups WHERE step_id = ?) OR d.accordion_id IN (SELECT id FROM step_accordions WHERE step_id = ?)
       ORDER BY d.position, d.id`,
    ).bind(id, id),
  ])
  const doc = (d: Row) => toDocument(c, d, lang)
  return ok(c, {
    ...step,
    upload: artFile(c, step.upload),
    groups: groups!.results.map((g) => ({
      ...g,
      documents: documents!.results.filter((d) => d.group_id === g.id).map(doc),
    })),
    accordions: accordions!.results.map((a) => ({
      ...a,
      documents: documents!.results.filter((d) => d.accordion_id === a.id).map(doc),
    })),
  })
})

/** After the list routes above so `category` and `step` are never read as an id. */
serviceRoutes.get('/siw/public/service/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(
    `SELECT ${serviceCols(langOf(c))} FROM services WHERE id = ? AND ${shown(c, 'service')}`,
  )
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  return ok(c, toService(c, row))
})
