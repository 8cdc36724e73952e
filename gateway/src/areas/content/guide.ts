/**
 * Investor guide of docs/gateway-contract.md#guide: project categories, projects with filters, sectors, amounts and
 * territorial entities.
 */
import { type Context, Hono } from 'hono'
import { PROJECT_STATUSES } from '../../../../contract/gateway/statuses'
import { GatewayError, ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import { artFile, type ContentEnv, langOf, notFound, previewOf, readId, readOptionalId } from './common'
import {
  listAmounts,
  listCatalogueProjects,
  listCategoryServices,
  listCountries,
  listDistricts,
  listProjectCategories,
  listProjectPlaces,
  listRegions,
  listSectors,
  type ProjectFilter,
  type Row,
  readAmountBand,
  readCatalogueProject,
  readProjectCategory,
} from './queries'
import { toService } from './services'

/** Investor guide routes, mounted at `/siw/public`. */
export const guideRoutes = new Hono<ContentEnv>()

const STATUSES: ReadonlySet<string> = new Set(PROJECT_STATUSES)

function toCategory(c: Parameters<typeof artFile>[0], r: Row) {
  return { ...r, upload: artFile(c, r.upload) }
}

guideRoutes.get('/project-category', async (c) => {
  const p = readPaging(c.req.query())
  const { total, rows } = await listProjectCategories(c.env.DB, langOf(c), c.req.query('keyword'), p)
  return ok(
    c,
    rows.map((r) => toCategory(c, r)),
    pageable(p, total),
  )
})

guideRoutes.get('/project-category/:id', async (c) => {
  const lang = langOf(c)
  const id = readId(c.req.param('id'))
  const row = await readProjectCategory(c.env.DB, lang, id)
  if (!row) notFound()
  const services = await listCategoryServices(c.env.DB, lang, previewOf(c), id)
  return ok(c, { ...toCategory(c, row), service_categories: services.map((r) => toService(c, r)) })
})

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

/** The project list's filters from the query (docs/gateway-contract.md#guide); a bad status is 422. */
async function readProjectFilter(c: Context<ContentEnv>): Promise<ProjectFilter> {
  const filter: ProjectFilter = {
    category_id: readOptionalId(c, 'category_id'),
    sector_id: readOptionalId(c, 'sector_id'),
    region_id: readOptionalId(c, 'region_id'),
    keyword: c.req.query('keyword'),
  }
  const amountId = readOptionalId(c, 'amount_id')
  // An unknown band matches no project, as an unknown sector or region does (a link to a band since removed).
  if (amountId !== null) filter.band = await readAmountBand(c.env.DB, amountId)
  const status = c.req.query('status')
  if (status) {
    if (!STATUSES.has(status)) throw new GatewayError(422, 'validation_error', 'validation_error', ['status'])
    filter.status = status
  }
  return filter
}

guideRoutes.get('/project', async (c) => {
  const p = readPaging(c.req.query())
  const filter = await readProjectFilter(c)
  const sort = c.req.query('sort')
  if (sort !== undefined && sort !== 'newest' && sort !== 'updated')
    throw new GatewayError(422, 'validation_error', 'validation_error', ['sort'])
  if (sort) filter.sort = sort
  const { total, rows } = await listCatalogueProjects(c.env.DB, langOf(c), previewOf(c), filter, p)
  return ok(
    c,
    rows.map((r) => toProject(c, r, false)),
    pageable(p, total),
  )
})

/** The most places one answer marks: a map of more would be unreadable, and the answer stays small. */
const PROJECT_PLACES_LIMIT = 2000

/** **New:** the projects a map marks (docs/gateway-contract.md#guide): those with a place, the list's filters applied. */
guideRoutes.get('/project-place', async (c) => {
  const filter = await readProjectFilter(c)
  const rows = await listProjectPlaces(c.env.DB, langOf(c), previewOf(c), filter, PROJECT_PLACES_LIMIT)
  return ok(
    c,
    rows.map(({ category_id, category_title, ...rest }) => ({
      ...rest,
      category: { id: category_id, title: category_title },
    })),
  )
})

guideRoutes.get('/project/:id', async (c) => {
  const row = await readCatalogueProject(c.env.DB, langOf(c), previewOf(c), readId(c.req.param('id')))
  if (!row) notFound()
  return ok(c, toProject(c, row, true))
})

guideRoutes.get('/service-sector', async (c) => {
  const p = readPaging(c.req.query(), 20)
  const { total, rows } = await listSectors(c.env.DB, langOf(c), previewOf(c), c.req.query('keyword'), p)
  return ok(c, rows, pageable(p, total))
})

guideRoutes.get('/project-amount', async (c) => ok(c, await listAmounts(c.env.DB, langOf(c))))

/** The territorial entities (regions, districts, countries), mounted at `/integration/public/territorial-entity`. */
export const placesRoutes = new Hono<ContentEnv>()

placesRoutes.get('/regions', async (c) => {
  const p = readPaging(c.req.query(), 20)
  const { total, rows } = await listRegions(c.env.DB, langOf(c), c.req.query('keyword'), p)
  return ok(c, rows, pageable(p, total))
})

placesRoutes.get('/districts', async (c) => {
  const code = c.req.query('region_code')
  if (code !== undefined && !/^\d{1,10}$/.test(code))
    throw new GatewayError(422, 'validation_error', 'validation_error', ['region_code'])
  const p = readPaging(c.req.query(), 50, 300)
  const filter = { regionCode: code, keyword: c.req.query('keyword') }
  const { total, rows } = await listDistricts(c.env.DB, langOf(c), filter, p)
  return ok(c, rows, pageable(p, total))
})

placesRoutes.get('/countries', async (c) => {
  const p = readPaging(c.req.query(), 50, 300)
  const { total, rows } = await listCountries(c.env.DB, langOf(c), c.req.query('keyword'), p)
  return ok(c, rows, pageable(p, total))
})
