/**
 * Investor guide of docs/gateway-contract.md: project categories, projects with filters, sectors, amounts and
 * territorial entities.
 */
import { Hono } from 'hono'
import { PROJECT_STATUSES } from '../../../../contract/gateway/statuses'
import type { Locale } from '../../../../contract/locales'
import { GatewayError, ok } from '../../lib/envelope'
import { col } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import {
  artFile,
  type ContentEnv,
  keywordClause,
  langOf,
  notFound,
  type Row,
  readId,
  readOptionalId,
  shown,
} from './common'
import { serviceCols, toService } from './services'

/** Investor guide routes. */
export const guideRoutes = new Hono<ContentEnv>()

const STATUSES: ReadonlySet<string> = new Set(PROJECT_STATUSES)

function categoryCols(lang: Locale) {
  return `id, position AS "order", icon, upload, updated_at, ${col('title', lang)}, ${col('description', lang)}`
}

function toCategory(c: Parameters<typeof artFile>[0], r: Row) {
  return { ...r, upload: artFile(c, r.upload) }
}

guideRoutes.get('/siw/public/project-category', async (c) => {
  const p = readPaging(c.req.query())
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM project_categories WHERE 1=1${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT ${categoryCols(langOf(c))} FROM project_categories WHERE 1=1${kw.sql} ORDER BY position, id LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map((r) => toCategory(c, r)),
    pageable(p, total ?? 0),
  )
})

guideRoutes.get('/siw/public/project-category/:id', async (c) => {
  const lang = langOf(c)
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(`SELECT ${categoryCols(lang)} FROM project_categories WHERE id = ?`)
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  const { results } = await c.env.DB.prepare(
    `SELECT ${serviceCols(lang, 's.')} FROM project_category_services pcs JOIN services s ON s.id = pcs.service_id WHERE pcs.category_id = ? AND ${shown(c, 'service', 's.')} ORDER BY pcs.position, s.id`,
  )
    .bind(id)
    .all<Row>()
  return ok(c, { ...toCategory(c, row), service_categories: results.map((r) => toService(c, r)) })
})

function projectSelect(lang: Locale, detail: boolean) {
  return `SELECT p.id, p.icon, p.budget, p.status, p.upload, p.updated_at, ${col('p.title', lang, 'title')},
    s.id AS sector_id, s.slug AS sector_slug, ${col('s.content', lang, 'sector_name')},
    pc.id AS category_id, ${col('pc.title', lang, 'category_title')},
    r.id AS region_id, r.code AS region_code, ${col('r.region', lang, 'region_name')}
    ${detail ? `, ${col('p.content', lang, 'content')}, p.latitude, p.longitude, p.pp, p.irr, p.npv, p.email, p.phone` : ''}
    FROM projects p JOIN sectors s ON s.id = p.sector_id JOIN project_categories pc ON pc.id = p.category_id JOIN regions r ON r.id = p.region_id`
}

function toProject(c: Parameters<typeof artFile>[0], r: Row, detail: boolean) {
  const {
    sector_id,
    sector_slug,
    sector_name,
    category_id,
    category_title,
    region_id,
    region_code,
    region_name,
    ...rest
  } = r
  return {
    ...rest,
    upload: artFile(c, r.upload),
    sector: { id: sector_id, slug: sector_slug, content: sector_name },
    category: { id: category_id, title: category_title },
    region: { id: region_id, region: region_name, code: region_code },
    ...(detail ? { presentation: null } : {}),
  }
}

guideRoutes.get('/siw/public/project', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const clauses: string[] = []
  const args: unknown[] = []
  for (const [name, column] of [
    ['category_id', 'p.category_id'],
    ['sector_id', 'p.sector_id'],
    ['region_id', 'p.region_id'],
  ] as const) {
    const value = readOptionalId(c, name)
    if (value !== null) {
      clauses.push(`${column} = ?`)
      args.push(value)
    }
  }
  const amountId = readOptionalId(c, 'amount_id')
  if (amountId !== null) {
    const band = await c.env.DB.prepare('SELECT amount_from, amount_to FROM amounts WHERE id = ?')
      .bind(amountId)
      .first<Row>()
    // An unknown band matches no project, as an unknown sector or region does (a link to a band since removed).
    if (!band) clauses.push('0 = 1')
    else {
      clauses.push('p.budget >= ?')
      args.push(band.amount_from)
      if (band.amount_to !== null) {
        clauses.push('p.budget < ?')
        args.push(band.amount_to)
      }
    }
  }
  const status = c.req.query('status')
  if (status) {
    if (!STATUSES.has(status)) throw new GatewayError(422, 'validation_error', 'validation_error', ['status'])
    clauses.push('p.status = ?')
    args.push(status)
  }
  const keyword = keywordClause(c.req.query('keyword'))
  const where = `WHERE ${shown(c, 'project', 'p.')}${clauses.map((s) => ` AND ${s}`).join('')}${keyword.sql.replace('keywords', 'p.keywords')}`
  const allArgs = [...args, ...keyword.args]
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM projects p ${where}`)
    .bind(...allArgs)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(`${projectSelect(lang, false)} ${where} ORDER BY p.id LIMIT ? OFFSET ?`)
    .bind(...allArgs, p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map((r) => toProject(c, r, false)),
    pageable(p, total ?? 0),
  )
})

guideRoutes.get('/siw/public/project/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(
    `${projectSelect(langOf(c), true)} WHERE p.id = ? AND ${shown(c, 'project', 'p.')}`,
  )
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  return ok(c, toProject(c, row, true))
})

guideRoutes.get('/siw/public/service-sector', async (c) => {
  const p = readPaging(c.req.query(), 20)
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM sectors WHERE ${shown(c, 'sector')}${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT id, slug, updated_at, ${col('content', langOf(c))} FROM sectors WHERE ${shown(c, 'sector')}${kw.sql} ORDER BY id LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  return ok(c, results, pageable(p, total ?? 0))
})

guideRoutes.get('/siw/public/project-amount', async (c) => {
  const { results } = await c.env.DB.prepare(
    `SELECT id, ${col('content', langOf(c))}, amount_from AS "from", amount_to AS "to" FROM amounts ORDER BY amount_from`,
  ).all<Row>()
  return ok(c, results)
})

const TERRITORY = '/integration/public/territorial-entity'

guideRoutes.get(`${TERRITORY}/regions`, async (c) => {
  const p = readPaging(c.req.query(), 20)
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM regions WHERE 1=1${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT id, code, ${col('region', langOf(c))} FROM regions WHERE 1=1${kw.sql} ORDER BY code LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  return ok(c, results, pageable(p, total ?? 0))
})

guideRoutes.get(`${TERRITORY}/districts`, async (c) => {
  const code = c.req.query('region_code')
  if (code !== undefined && !/^\d{1,10}$/.test(code))
    throw new GatewayError(422, 'validation_error', 'validation_error', ['region_code'])
  const p = readPaging(c.req.query(), 50, 300)
  const kw = keywordClause(c.req.query('keyword'))
  const where = `WHERE 1=1${code ? ' AND d.region_id = (SELECT id FROM regions WHERE code = ?)' : ''}${kw.sql.replace('keywords', 'd.keywords')}`
  const args = [...(code ? [code] : []), ...kw.args]
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM districts d ${where}`)
    .bind(...args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT d.id, d.mhobt, ${col('d.name', langOf(c), 'name')} FROM districts d ${where} ORDER BY d.mhobt LIMIT ? OFFSET ?`,
  )
    .bind(...args, p.size, p.offset)
    .all<Row>()
  return ok(c, results, pageable(p, total ?? 0))
})

guideRoutes.get(`${TERRITORY}/countries`, async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query(), 50, 300)
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM countries WHERE 1=1${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT id, code, ${col('country', lang)} FROM countries WHERE 1=1${kw.sql} ORDER BY id LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  return ok(c, results, pageable(p, total ?? 0))
})
