/**
 * `GET /{locale}/open-data/{projects|regions}.{csv|json}`: the open data (docs/product.md#open-data). Projects with the
 * all-projects page's filters (every page of the gateway's list, so a download of every project is the list), and the
 * region figures; in the request's language, under the stated licence, with the date the data last changed. CSV cells a
 * spreadsheet would run as formulas are made inert (`shared/markup/csv.ts`). An unfiltered download is kept whole in KV
 * under the content version (`document-cache.ts`).
 */
import type { Context, Next } from 'hono'
import type { Project } from '../../contract/gateway/guide'
import type { Territory } from '../../contract/gateway/site'
import type { Locale } from '../../contract/locales'
import type { Key } from '../../shared/keys/api-keys'
import { type AllProjectsFilters, readAllProjectsFilters } from '../../shared/keys/guide-keys'
import { DOWNLOAD_PAGE_SIZE, reachKeys } from '../../shared/keys/reach-keys'
import { toCsv } from '../../shared/markup/csv'
import { type DataFormat, type Dataset, dataHref, OPEN_DATA_LICENCE, readDataFile } from '../../shared/routing/files'
import { href } from '../../shared/routing/match'
import { errorEnvelope } from '../http/envelope'
import { cachedFile } from '../payloads/document-cache'
import { loadEntry } from '../payloads/payloads'
import { translatorFor } from '../share/share'
import type { AppEnv } from '../types'

/** The most items a download holds: a hundred pages of the gateway's list. */
const MAX_DOWNLOAD_ITEMS = 100 * DOWNLOAD_PAGE_SIZE

type Cell = string | number | null
/** A dataset as rows: its columns (machine names, the same in every language) and one record per item. */
type Table = { columns: readonly string[]; records: Record<string, Cell>[]; updatedAt: string | null }

/** Every item of a paged list, or null when a page failed or the list is longer than a download holds. */
async function readAll<T>(c: Context<AppEnv>, keyOf: (page: number) => Key<T[]>): Promise<T[] | null> {
  const first = await loadEntry(c, keyOf(0))
  if (!first.ok) return null
  const items = [...((first.envelope.content as T[] | null) ?? [])]
  const total = Number(first.envelope.pageable?.total ?? items.length)
  if (!Number.isFinite(total) || total > MAX_DOWNLOAD_ITEMS) return null
  const pages = Math.ceil(total / DOWNLOAD_PAGE_SIZE)
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => loadEntry(c, keyOf(i + 1))))
  for (const entry of rest) {
    if (!entry.ok) return null
    items.push(...((entry.envelope.content as T[] | null) ?? []))
  }
  return items
}

/** A sector, category or region named in a project: its name. */
function nameOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const name = v.title ?? v.content ?? v.region ?? v.name
  return typeof name === 'string' ? name : null
}

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN
  return Number.isFinite(n) ? n : null
}

/** The latest of the items' update times (ISO 8601), or null when none says. */
function latest(times: readonly unknown[]): string | null {
  let best: number | null = null
  for (const t of times) {
    const ms = typeof t === 'string' ? Date.parse(t) : Number.NaN
    if (!Number.isNaN(ms) && (best === null || ms > best)) best = ms
  }
  return best === null ? null : new Date(best).toISOString()
}

const PROJECT_COLUMNS = [
  'id',
  'title',
  'category',
  'sector',
  'region',
  'status',
  'budget_usd',
  'latitude',
  'longitude',
  'updated_at',
  'url',
] as const

async function projectsTable(c: Context<AppEnv>, filters: AllProjectsFilters, origin: string): Promise<Table | null> {
  const locale = c.get('locale')
  const projects = await readAll<Project>(c, (page) => reachKeys.projectsDownload(filters, page))
  if (!projects) return null
  const records = projects.map((p) => ({
    id: Number(p.id),
    title: p.title,
    category: nameOf(p.category),
    sector: nameOf(p.sector),
    region: nameOf(p.region),
    status: p.status,
    budget_usd: numberOf(p.budget),
    latitude: numberOf(p.latitude),
    longitude: numberOf(p.longitude),
    updated_at: typeof p.updated_at === 'string' ? p.updated_at : null,
    url: origin + href('project', { locale, params: { id: String(p.id) } }),
  }))
  return { columns: PROJECT_COLUMNS, records, updatedAt: latest(projects.map((p) => p.updated_at)) }
}

const REGION_COLUMNS = [
  'region_code',
  'region',
  'area_km2',
  'population',
  'tourists',
  'investment_projects',
  'fdi_credits_musd',
  'foreign_trade_musd',
  'updated_at',
] as const

async function regionsTable(c: Context<AppEnv>): Promise<Table | null> {
  const regions = await readAll<Territory>(c, (page) => reachKeys.regionsDownload(page))
  if (!regions) return null
  const records = regions.map((r) => ({
    region_code: String(r.region.code),
    region: r.region.region,
    area_km2: numberOf(r.area),
    population: numberOf(r.population),
    tourists: numberOf(r.tourists),
    investment_projects: numberOf(r.investment_projects),
    fdi_credits_musd: numberOf(r.fdi_credits),
    foreign_trade_musd: numberOf(r.foreign_trade),
    updated_at: typeof r.updated_at === 'string' ? r.updated_at : null,
  }))
  return { columns: REGION_COLUMNS, records, updatedAt: latest(regions.map((r) => r.updated_at)) }
}

/** The file's text: CSV with a header row, or JSON with what the data are, their licence and date around the items. */
function render(
  table: Table,
  format: DataFormat,
  meta: { dataset: Dataset; locale: Locale; origin: string; filters: Record<string, string> },
): string {
  if (format === 'csv')
    return toCsv([
      table.columns,
      ...table.records.map((r) => table.columns.map((name) => (r[name] === null ? '' : String(r[name])))),
    ])
  const t = translatorFor(meta.locale)
  return JSON.stringify(
    {
      title: t(`openData.${meta.dataset}.title`),
      description: t(`openData.${meta.dataset}.description`),
      publisher: t('site.name'),
      source: meta.origin + href('open-data', { locale: meta.locale }),
      language: meta.locale,
      licence: OPEN_DATA_LICENCE,
      updated_at: table.updatedAt,
      filters: meta.filters,
      count: table.records.length,
      items: table.records,
    },
    null,
    2,
  )
}

const CONTENT_TYPES: Readonly<Record<DataFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
}

/** Answers a download, or passes the request on when the file names none (the page route then answers 404). */
export async function serveDownload(c: Context<AppEnv>, next: Next) {
  const file = readDataFile(c.req.param('file') ?? '')
  if (!file) return next()
  c.set('routeId', 'open-data-file')
  const { dataset, format } = file
  const locale = c.get('locale')
  const origin = new URL(c.req.url).origin
  const filters = dataset === 'projects' ? readAllProjectsFilters(c.req.query()) : {}
  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>
  let updatedAt: string | null = null
  const build = async () => {
    const table = dataset === 'projects' ? await projectsTable(c, filters, origin) : await regionsTable(c)
    if (!table) return null
    updatedAt = table.updatedAt
    return render(table, format, { dataset, locale, origin, filters: applied })
  }
  // Filtered downloads are as many as visitors make up: only the whole dataset is kept.
  const body = Object.keys(applied).length
    ? await build()
    : ((await cachedFile(c, `data:${origin}:${locale}:${dataset}.${format}`, build))?.body ?? null)
  if (body === null) return errorEnvelope(c, 502, 'bad_gateway')
  c.header('content-type', CONTENT_TYPES[format])
  c.header('content-disposition', `attachment; filename="${dataset}-${locale}.${format}"`)
  c.header(
    'link',
    `<${OPEN_DATA_LICENCE.url}>; rel="license", <${origin}${dataHref(locale, dataset, format, applied)}>; rel="canonical"`,
  )
  if (updatedAt) c.header('last-modified', new Date(updatedAt).toUTCString())
  c.header('cache-control', 'public, max-age=300')
  return c.body(body)
}
