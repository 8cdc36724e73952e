/**
 * The content area's SQL: what readers see of posts, galleries, events, stories, leaders, reviews, territories and
 * pages, the search index, the site's contacts, the sources of generated downloads, and reference ids.
 */
import type { Locale } from '../../../../contract/locales'
import { keywordSql, type Preview, placeholders, shownSql } from '../../lib/db'
import { col } from '../../lib/lang'
import type { Paging } from '../../lib/paging'

/** A D1 result row. */
export type Row = Record<string, unknown>

/** A page of rows and how many there are in all. */
export type Page = { total: number; rows: Row[] }

/**
 * Counts and pages one query: `from` is everything after `SELECT … FROM` (table, joins, WHERE) with its `args`, and
 * `order` the ORDER BY with its own `orderArgs`.
 */
async function pageOf(
  db: D1Database,
  query: { select: string; from: string; order: string; args: unknown[]; orderArgs?: unknown[] },
  page: Paging,
): Promise<Page> {
  const total = await db
    .prepare(`SELECT count(*) AS n FROM ${query.from}`)
    .bind(...query.args)
    .first<number>('n')
  const { results } = await db
    .prepare(`SELECT ${query.select} FROM ${query.from} ORDER BY ${query.order} LIMIT ? OFFSET ?`)
    .bind(...query.args, ...(query.orderArgs ?? []), page.size, page.offset)
    .all<Row>()
  return { total: total ?? 0, rows: results }
}

/** The tables whose ids other records refer to, checked by `references.ts`. */
export type ReferenceTable = 'regions' | 'countries' | 'sectors' | 'project_categories'

/** Whether a row of `table` has the id. */
export async function referenceExists(db: D1Database, table: ReferenceTable, id: number): Promise<boolean> {
  return (await db.prepare(`SELECT 1 AS x FROM ${table} WHERE id = ?`).bind(id).first('x')) !== null
}

const postCols = (lang: Locale) =>
  `id, category, publish_date, updated_at, photo, author_first_name, author_last_name, ${col('title', lang)}, ${col('content', lang)}`

/** A page of the posts a reader sees, of a category and with a keyword when given, newest first. */
export function listPosts(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  filter: { category?: string; keyword?: string },
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(filter.keyword)
  const where = `WHERE ${shownSql(preview, 'post')}${filter.category ? ' AND category = ?' : ''}${kw.sql}`
  const args = [...(filter.category ? [filter.category] : []), ...kw.args]
  return pageOf(db, { select: postCols(lang), from: `posts ${where}`, order: 'publish_date DESC, id DESC', args }, page)
}

/** A post a reader sees, or null. */
export function readPost(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${postCols(lang)} FROM posts WHERE id = ? AND ${shownSql(preview, 'post')}`)
    .bind(id)
    .first<Row>()
}

/** The files attached to posts, by post, in their order. */
export async function listPostFiles(db: D1Database, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>()
  if (!ids.length) return out
  const { results } = await db
    .prepare(`SELECT post_id, name FROM post_files WHERE post_id IN (${placeholders(ids.length)}) ORDER BY position`)
    .bind(...ids)
    .all<Row>()
  for (const r of results) out.set(Number(r.post_id), [...(out.get(Number(r.post_id)) ?? []), String(r.name)])
  return out
}

const galleryCols = (lang: Locale) => `id, publish_date, updated_at, ${col('title', lang)}, ${col('content', lang)}`

/** A page of the galleries a reader sees, newest first. */
export function listGalleries(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  keyword: string | undefined,
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `galleries WHERE ${shownSql(preview, 'gallery')}${kw.sql}`
  return pageOf(db, { select: galleryCols(lang), from, order: 'publish_date DESC, id DESC', args: kw.args }, page)
}

/** A gallery a reader sees, or null. */
export function readGallery(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${galleryCols(lang)} FROM galleries WHERE id = ? AND ${shownSql(preview, 'gallery')}`)
    .bind(id)
    .first<Row>()
}

/** The images of galleries (name and caption in `lang`), in their order. */
export async function listGalleryImages(db: D1Database, lang: Locale, ids: number[]): Promise<Row[]> {
  if (!ids.length) return []
  const { results } = await db
    .prepare(
      `SELECT gallery_id, name, ${col('caption', lang)} FROM gallery_images WHERE gallery_id IN (${placeholders(ids.length)}) ORDER BY position`,
    )
    .bind(...ids)
    .all<Row>()
  return results
}

const eventCols = (lang: Locale) =>
  `id, date_from, date_to, time, updated_at, photo, ${col('name', lang)}, ${col('location', lang)}, ${col('description', lang)}, ${col('agenda', lang, 'agenda_text')}`

/** A page of the events a reader sees: upcoming ones first (soonest first), then past ones (latest first). */
export function listEvents(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  keyword: string | undefined,
  page: Paging,
  now: Date,
): Promise<Page> {
  const kw = keywordSql(keyword)
  const at = now.toISOString()
  return pageOf(
    db,
    {
      select: eventCols(lang),
      from: `events WHERE ${shownSql(preview, 'event')}${kw.sql}`,
      order: '(date_to < ?) ASC, CASE WHEN date_to >= ? THEN date_from END ASC, date_from DESC',
      args: kw.args,
      orderArgs: [at, at],
    },
    page,
  )
}

/** An event a reader sees, or null. */
export function readEvent(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${eventCols(lang)} FROM events WHERE id = ? AND ${shownSql(preview, 'event')}`)
    .bind(id)
    .first<Row>()
}

/** What an event's agenda download is made of, or null. */
export function readAgendaSource(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(
      `SELECT id, date_from, time, ${col('name', lang)}, ${col('location', lang)}, ${col('agenda', lang, 'agenda_text')} FROM events WHERE id = ? AND ${shownSql(preview, 'event')}`,
    )
    .bind(id)
    .first<Row>()
}

const storyCols = (lang: Locale) =>
  `id, publish_date, updated_at, photo, ${col('title', lang)}, ${col('summary', lang)}, ${col('content', lang)}`

/** A page of the stories a reader sees, newest first. */
export function listStories(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  keyword: string | undefined,
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `stories WHERE ${shownSql(preview, 'story')}${kw.sql}`
  return pageOf(db, { select: storyCols(lang), from, order: 'publish_date DESC, id DESC', args: kw.args }, page)
}

/** A story a reader sees, or null. */
export function readStory(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${storyCols(lang)} FROM stories WHERE id = ? AND ${shownSql(preview, 'story')}`)
    .bind(id)
    .first<Row>()
}

/** The agency's leaders a reader sees. */
export async function listLeaders(db: D1Database, lang: Locale, preview: Preview): Promise<Row[]> {
  const { results } = await db
    .prepare(
      `SELECT id, email, phone, photo, ${col('name', lang)}, ${col('surname', lang)}, ${col('position', lang)}, ${col('bio', lang)}, ${col('working_days', lang)} FROM leaders WHERE ${shownSql(preview, 'leader')} ORDER BY id`,
    )
    .all<Row>()
  return results
}

/** The investors' reviews a reader sees. */
export async function listReviews(db: D1Database, lang: Locale, preview: Preview): Promise<Row[]> {
  const { results } = await db
    .prepare(
      `SELECT id, photo, ${col('comment', lang)}, ${col('author', lang)} FROM reviews WHERE ${shownSql(preview, 'review')} ORDER BY id`,
    )
    .all<Row>()
  return results
}

/** A page of the territories, with their regions, by region code. */
export async function listTerritories(db: D1Database, lang: Locale, page: Paging): Promise<Page> {
  const total = await db.prepare('SELECT count(*) AS n FROM territories').first<number>('n')
  const { results } = await db
    .prepare(
      `SELECT t.id, t.area, t.population, t.tourists, t.investment_projects, t.fdi_credits, t.foreign_trade, t.updated_at, ${col('t.presentation', lang, 'presentation')},
            r.id AS region_id, r.code AS region_code, ${col('r.region', lang, 'region_name')}
     FROM territories t JOIN regions r ON r.id = t.region_id ORDER BY r.code LIMIT ? OFFSET ?`,
    )
    .bind(page.size, page.offset)
    .all<Row>()
  return { total: total ?? 0, rows: results }
}

/** A page of the content pages a reader sees (slug, title and time), by slug. */
export function listPages(db: D1Database, lang: Locale, preview: Preview, page: Paging): Promise<Page> {
  const from = `pages WHERE ${shownSql(preview, 'page')}`
  return pageOf(db, { select: `slug, updated_at, ${col('title', lang)}`, from, order: 'slug', args: [] }, page)
}

/** A content page a reader sees, or null. */
export function readContentPage(db: D1Database, lang: Locale, preview: Preview, slug: string): Promise<Row | null> {
  return db
    .prepare(
      `SELECT slug, updated_at, ${col('title', lang)}, ${col('content', lang)} FROM pages WHERE slug = ? AND ${shownSql(preview, 'page')}`,
    )
    .bind(slug)
    .first<Row>()
}

/** How many index entries match an FTS5 query in `lang`, by kind. */
export async function countMatches(db: D1Database, match: string, lang: Locale): Promise<Row[]> {
  const { results } = await db
    .prepare('SELECT kind, count(*) AS n FROM search_index WHERE search_index MATCH ? AND lang = ? GROUP BY kind')
    .bind(match, lang)
    .all<Row>()
  return results
}

/** A page of the best matches of each kind, in one batch. */
export async function listMatches(
  db: D1Database,
  match: string,
  lang: Locale,
  kinds: readonly string[],
  page: Paging,
): Promise<Row[][]> {
  const results = await db.batch<Row>(
    kinds.map((kind) =>
      db
        .prepare(
          `SELECT ref_id AS id, display_title AS title, description, path FROM search_index
           WHERE search_index MATCH ? AND lang = ? AND kind = ? ORDER BY bm25(search_index, 4.0, 1.0) LIMIT ? OFFSET ?`,
        )
        .bind(match, lang, kind, page.size, page.offset),
    ),
  )
  return results.map((r) => r.results)
}

/**
 * A document template's source (type and titles) when its service is one a reader sees, or null: a scheduled service's
 * documents are not downloadable by counting ids.
 */
export function readDocument(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(
      `SELECT ${documentCols(lang)} FROM documents d WHERE d.id = ? AND EXISTS (
         SELECT 1 FROM service_steps st JOIN service_processes sp ON sp.id = st.process_id
         JOIN services s ON s.id = sp.service_id
         WHERE st.id IN (SELECT step_id FROM step_groups WHERE id = d.group_id
           UNION ALL SELECT step_id FROM step_accordions WHERE id = d.accordion_id)
         AND ${shownSql(preview, 'service', 's.')})`,
    )
    .bind(id)
    .first<Row>()
}

/** Columns a document template needs, for a `documents` table aliased `d`. */
function documentCols(lang: Locale) {
  return `d.id, d.type, ${col('d.title', lang, 'title')}, ${col('d.title', 'en', 'title_pdf')}`
}

/** The site's contacts in `lang`, or null before anything was set. */
export function readSiteSettingsRow(db: D1Database, lang: Locale) {
  return db
    .prepare(
      `SELECT phone, email, ${col('address', lang)}, ${col('hours', lang)}, map_url, socials_json FROM site_settings WHERE id = 1`,
    )
    .first<{ phone: string; email: string; address: string; hours: string; map_url: string; socials_json: string }>()
}

/**
 * The lists every page's site settings carry, in `lang`, in one batch: the home page's key figures, the guide's links
 * to the content pages readers see, and the sectors readers see, each in its order.
 */
export async function readSiteLists(db: D1Database, lang: Locale) {
  const [figures, links, sectors] = await db.batch<Row>([
    db.prepare(
      `SELECT value, ${col('unit', lang)}, ${col('label', lang)}, ${col('source', lang)} FROM key_figures ORDER BY position, id`,
    ),
    db.prepare(
      `SELECT p.slug, ${col('l.label', lang, 'label')} FROM guide_links l JOIN pages p ON p.id = l.page_id
       WHERE p.publication = 'published' ORDER BY l.position, l.id`,
    ),
    db.prepare(
      `SELECT slug, ${col('content', lang, 'name')}, ${col('tagline', lang)} FROM sectors WHERE publication = 'published'
       ORDER BY position, id`,
    ),
  ])
  return {
    figures: figures!.results as { value: number; unit: string; label: string; source: string }[],
    guide_links: links!.results as { slug: string; label: string }[],
    sectors: sectors!.results as { slug: string; name: string; tagline: string }[],
  }
}

/** The site's contacts in every language, or null before anything was set. */
export function readStoredSiteSettingsRow(db: D1Database) {
  return db
    .prepare(
      `SELECT phone, email, address_uz, address_ru, address_en, hours_uz, hours_ru, hours_en, map_url, socials_json
       FROM site_settings WHERE id = 1`,
    )
    .first<Record<string, string>>()
}

/** Replaces the site's contacts. */
export async function writeSiteSettingsRow(
  db: D1Database,
  s: {
    phone: string
    email: string
    address: Record<Locale, string>
    hours: Record<Locale, string>
    mapUrl: string
    socialsJson: string
  },
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<void> {
  const write = db
    .prepare(
      `INSERT OR REPLACE INTO site_settings (id, phone, email, address_uz, address_ru, address_en, hours_uz, hours_ru,
         hours_en, map_url, socials_json, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      s.phone,
      s.email,
      s.address.uz,
      s.address.ru,
      s.address.en,
      s.hours.uz,
      s.hours.ru,
      s.hours.en,
      s.mapUrl,
      s.socialsJson,
      now.toISOString(),
    )
  await db.batch([write, ...also])
}

/** A sector readers see, as its page answers it (docs/gateway-contract.md#guide), or null. */
export function readSectorPage(db: D1Database, lang: Locale, preview: Preview, slug: string): Promise<Row | null> {
  return db
    .prepare(
      `SELECT slug, updated_at, ${col('content', lang, 'title')}, ${col('tagline', lang)}, ${col('page', lang, 'content')}
       FROM sectors WHERE slug = ? AND ${shownSql(preview, 'sector')}`,
    )
    .bind(slug)
    .first<Row>()
}

// The investor guide (docs/gateway-contract.md#guide)

const categoryCols = (lang: Locale) =>
  `id, position AS "order", icon, upload, updated_at, ${col('title', lang)}, ${col('description', lang)}`

/** A page of the project categories, in their order. */
export function listProjectCategories(
  db: D1Database,
  lang: Locale,
  keyword: string | undefined,
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `project_categories WHERE 1=1${kw.sql}`
  return pageOf(db, { select: categoryCols(lang), from, order: 'position, id', args: kw.args }, page)
}

/** A project category, or null. */
export function readProjectCategory(db: D1Database, lang: Locale, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${categoryCols(lang)} FROM project_categories WHERE id = ?`)
    .bind(id)
    .first<Row>()
}

/** The services a project category links to that a reader sees, in their order. */
export async function listCategoryServices(db: D1Database, lang: Locale, preview: Preview, id: number) {
  const { results } = await db
    .prepare(
      `SELECT ${serviceCols(lang, 's.')} FROM project_category_services pcs JOIN services s ON s.id = pcs.service_id WHERE pcs.category_id = ? AND ${shownSql(preview, 'service', 's.')} ORDER BY pcs.position, s.id`,
    )
    .bind(id)
    .all<Row>()
  return results
}

/** An amount band's bounds, or null. */
export function readAmountBand(db: D1Database, id: number) {
  return db
    .prepare('SELECT amount_from, amount_to FROM amounts WHERE id = ?')
    .bind(id)
    .first<{ amount_from: number; amount_to: number | null }>()
}

function projectSelect(lang: Locale, detail: boolean) {
  return `p.id, p.icon, p.budget, p.status, p.upload, p.updated_at, p.latitude, p.longitude, ${col('p.title', lang, 'title')},
    s.id AS sector_id, s.slug AS sector_slug, ${col('s.content', lang, 'sector_name')},
    pc.id AS category_id, ${col('pc.title', lang, 'category_title')},
    r.id AS region_id, r.code AS region_code, ${col('r.region', lang, 'region_name')}
    ${detail ? `, ${col('p.content', lang, 'content')}, p.pp, p.irr, p.npv, p.email, p.phone` : ''}`
}

const PROJECT_JOINS =
  'projects p JOIN sectors s ON s.id = p.sector_id JOIN project_categories pc ON pc.id = p.category_id JOIN regions r ON r.id = p.region_id'

/** What the catalogue's project list is filtered by; `band` null matches no project (an unknown amount band). */
export type ProjectFilter = {
  category_id: number | null
  sector_id: number | null
  region_id: number | null
  band?: { amount_from: number; amount_to: number | null } | null
  status?: string
  keyword?: string
  /** `newest`: the most recently added first (a feed of new projects); `updated`: the last changed first; else by id. */
  sort?: 'newest' | 'updated'
}

/** The filter's SQL: the clauses after `WHERE` and their arguments. */
function projectWhere(preview: Preview, filter: ProjectFilter): { where: string; args: unknown[] } {
  const clauses: string[] = []
  const args: unknown[] = []
  for (const name of ['category_id', 'sector_id', 'region_id'] as const) {
    if (filter[name] === null) continue
    clauses.push(`p.${name} = ?`)
    args.push(filter[name])
  }
  if (filter.band === null) clauses.push('0 = 1')
  else if (filter.band) {
    clauses.push('p.budget >= ?')
    args.push(filter.band.amount_from)
    if (filter.band.amount_to !== null) {
      clauses.push('p.budget < ?')
      args.push(filter.band.amount_to)
    }
  }
  if (filter.status) {
    clauses.push('p.status = ?')
    args.push(filter.status)
  }
  const kw = keywordSql(filter.keyword, 'p.keywords')
  const where = `WHERE ${shownSql(preview, 'project', 'p.')}${clauses.map((s) => ` AND ${s}`).join('')}${kw.sql}`
  return { where, args: [...args, ...kw.args] }
}

/** A page of the catalogue's projects a reader sees, by id (or newest first). */
export function listCatalogueProjects(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  filter: ProjectFilter,
  page: Paging,
): Promise<Page> {
  const { where, args } = projectWhere(preview, filter)
  return pageOf(
    db,
    {
      select: projectSelect(lang, false),
      from: `${PROJECT_JOINS} ${where}`,
      order:
        filter.sort === 'newest' ? 'p.id DESC' : filter.sort === 'updated' ? 'p.updated_at DESC, p.id DESC' : 'p.id',
      args,
    },
    page,
  )
}

/**
 * The catalogue's projects that have a place (latitude and longitude), as a map marks them: every one the filter
 * matches, by id, at most `limit`.
 */
export async function listProjectPlaces(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  filter: ProjectFilter,
  limit: number,
): Promise<Row[]> {
  const { where, args } = projectWhere(preview, filter)
  const { results } = await db
    .prepare(
      `SELECT p.id, p.status, p.latitude, p.longitude, ${col('p.title', lang, 'title')},
         pc.id AS category_id, ${col('pc.title', lang, 'category_title')}
       FROM ${PROJECT_JOINS} ${where} AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL ORDER BY p.id LIMIT ?`,
    )
    .bind(...args, limit)
    .all<Row>()
  return results
}

/** A catalogue project a reader sees, in full, or null. */
export function readCatalogueProject(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(
      `SELECT ${projectSelect(lang, true)} FROM ${PROJECT_JOINS} WHERE p.id = ? AND ${shownSql(preview, 'project', 'p.')}`,
    )
    .bind(id)
    .first<Row>()
}

/** A page of the sectors a reader sees, in their order. */
export function listSectors(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  keyword: string | undefined,
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `sectors WHERE ${shownSql(preview, 'sector')}${kw.sql}`
  const select = `id, slug, updated_at, ${col('content', lang)}, ${col('tagline', lang)}`
  return pageOf(db, { select, from, order: 'position, id', args: kw.args }, page)
}

/** The project amount bands, smallest first. */
export async function listAmounts(db: D1Database, lang: Locale): Promise<Row[]> {
  const { results } = await db
    .prepare(
      `SELECT id, ${col('content', lang)}, amount_from AS "from", amount_to AS "to" FROM amounts ORDER BY amount_from`,
    )
    .all<Row>()
  return results
}

/** A page of the regions, by code. */
export function listRegions(db: D1Database, lang: Locale, keyword: string | undefined, page: Paging): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `regions WHERE 1=1${kw.sql}`
  return pageOf(db, { select: `id, code, ${col('region', lang)}`, from, order: 'code', args: kw.args }, page)
}

/** A page of the districts, of one region (by its code) or all, by MHOBT code. */
export function listDistricts(
  db: D1Database,
  lang: Locale,
  filter: { regionCode?: string; keyword?: string },
  page: Paging,
): Promise<Page> {
  const kw = keywordSql(filter.keyword, 'd.keywords')
  const code = filter.regionCode
  const where = `WHERE 1=1${code ? ' AND d.region_id = (SELECT id FROM regions WHERE code = ?)' : ''}${kw.sql}`
  const args = [...(code ? [code] : []), ...kw.args]
  const select = `d.id, d.mhobt, ${col('d.name', lang, 'name')}`
  return pageOf(db, { select, from: `districts d ${where}`, order: 'd.mhobt', args }, page)
}

/** A page of the countries, by id. */
export function listCountries(db: D1Database, lang: Locale, keyword: string | undefined, page: Paging): Promise<Page> {
  const kw = keywordSql(keyword)
  const from = `countries WHERE 1=1${kw.sql}`
  return pageOf(db, { select: `id, code, ${col('country', lang)}`, from, order: 'id', args: kw.args }, page)
}

// Services (docs/gateway-contract.md#services)

/** Columns of a service row; `prefix` is a table alias such as `s.`. */
function serviceCols(lang: Locale, prefix = '') {
  const f = (name: string) => `${prefix}${name}`
  return `${f('id')} AS id, ${f('category_id')} AS category_id, ${f('link')} AS link, ${f('upload')} AS upload, ${f('online')} AS online, ${f('is_external')} AS is_external, ${f('updated_at')} AS updated_at,
    ${col(f('title'), lang, 'title')}, ${col(f('description'), lang, 'description')}, ${col(f('info'), lang, 'info')}`
}

/** The service categories under `parent` (null: the top ones), in their order. */
export async function listServiceCategories(db: D1Database, lang: Locale, parent: number | null): Promise<Row[]> {
  const { results } = await db
    .prepare(
      `SELECT id, icon, position AS "order", parent_id AS parent, updated_at, ${col('title', lang)}, ${col('description', lang)} FROM service_categories
     WHERE ${parent === null ? 'parent_id IS NULL' : 'parent_id = ?'} ORDER BY position, id`,
    )
    .bind(...(parent === null ? [] : [parent]))
    .all<Row>()
  return results
}

/** The services a reader sees, of a category and its subcategories, or all. */
export async function listServices(
  db: D1Database,
  lang: Locale,
  preview: Preview,
  category: number | null,
): Promise<Row[]> {
  const inCategory =
    category === null
      ? ''
      : ' AND (category_id = ? OR category_id IN (SELECT id FROM service_categories WHERE parent_id = ?))'
  const { results } = await db
    .prepare(`SELECT ${serviceCols(lang)} FROM services WHERE ${shownSql(preview, 'service')}${inCategory} ORDER BY id`)
    .bind(...(category === null ? [] : [category, category]))
    .all<Row>()
  return results
}

/** A service a reader sees, or null. */
export function readService(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${serviceCols(lang)} FROM services WHERE id = ? AND ${shownSql(preview, 'service')}`)
    .bind(id)
    .first<Row>()
}

/** The processes of a service a reader sees, in their order. */
export async function listProcesses(db: D1Database, lang: Locale, preview: Preview, serviceId: number) {
  const { results } = await db
    .prepare(
      `SELECT id, position AS "order", icon, ${col('title', lang)}, ${col('description', lang)} FROM service_processes
     WHERE service_id = ? AND service_id IN (SELECT id FROM services WHERE ${shownSql(preview, 'service')}) ORDER BY position, id`,
    )
    .bind(serviceId)
    .all<Row>()
  return results
}

/** The steps of a process of a service a reader sees, in their order. */
export async function listSteps(db: D1Database, lang: Locale, preview: Preview, processId: number) {
  const { results } = await db
    .prepare(
      `SELECT id, position AS "order", upload, ${col('title', lang)} FROM service_steps
     WHERE process_id = ? AND process_id IN (SELECT sp.id FROM service_processes sp JOIN services s ON s.id = sp.service_id
       WHERE ${shownSql(preview, 'service', 's.')}) ORDER BY position, id`,
    )
    .bind(processId)
    .all<Row>()
  return results
}

/** A step of a service a reader sees, or null. */
export function readStep(db: D1Database, lang: Locale, preview: Preview, id: number): Promise<Row | null> {
  return db
    .prepare(
      `SELECT id, process_id, position AS "order", upload, ${col('title', lang)}, ${col('content', lang)} FROM service_steps
     WHERE id = ? AND process_id IN (SELECT sp.id FROM service_processes sp JOIN services s ON s.id = sp.service_id
       WHERE ${shownSql(preview, 'service', 's.')})`,
    )
    .bind(id)
    .first<Row>()
}

/** A step's document groups and accordions, and the documents of both, in one batch. */
export async function readStepParts(db: D1Database, lang: Locale, id: number) {
  const [groups, accordions, documents] = await db.batch<Row>([
    db
      .prepare(`SELECT id, icon, ${col('title', lang)} FROM step_groups WHERE step_id = ? ORDER BY position, id`)
      .bind(id),
    db
      .prepare(
        `SELECT id, ${col('title', lang)}, ${col('content', lang)} FROM step_accordions WHERE step_id = ? ORDER BY position, id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT d.group_id, d.accordion_id, ${documentCols(lang)} FROM documents d
       WHERE d.group_id IN (SELECT id FROM step_groups WHERE step_id = ?) OR d.accordion_id IN (SELECT id FROM step_accordions WHERE step_id = ?)
       ORDER BY d.position, d.id`,
      )
      .bind(id, id),
  ])
  return { groups: groups!.results, accordions: accordions!.results, documents: documents!.results }
}

// Trading: e-auction and UzEx lots (docs/gateway-contract.md#integrations)

function lotSelect(lang: Locale) {
  return `l.*, ${col('l.property_name', lang, 'property_name')}, ${col('l.property_group', lang, 'property_group')},
    ${col('l.property_category', lang, 'property_category')}, ${col('l.address', lang, 'address')}, ${col('l.lot_status', lang, 'lot_status')},
    ${col('r.region', lang, 'region')}`
}
const LOT_JOINS = 'eauction_lots l JOIN regions r ON r.id = l.region_id'

/** A page of the e-auction lots: open ones first (ending soonest first), then closed ones. */
export async function listLots(db: D1Database, lang: Locale, page: Paging, now: Date): Promise<Page> {
  const total = await db.prepare('SELECT count(*) AS n FROM eauction_lots').first<number>('n')
  const { results } = await db
    .prepare(
      `SELECT ${lotSelect(lang)} FROM ${LOT_JOINS} ORDER BY (l.order_end_time < ?) ASC, l.order_end_time ASC LIMIT ? OFFSET ?`,
    )
    .bind(now.toISOString(), page.size, page.offset)
    .all<Row>()
  return { total: total ?? 0, rows: results }
}

/** An e-auction lot by its number, or null. */
export function readLot(db: D1Database, lang: Locale, lotNumber: string): Promise<Row | null> {
  return db
    .prepare(`SELECT ${lotSelect(lang)} FROM ${LOT_JOINS} WHERE l.lot_number = ?`)
    .bind(lotNumber)
    .first<Row>()
}

/** A lot's images, in their order. */
export async function listLotImages(db: D1Database, orderId: unknown): Promise<Row[]> {
  const { results } = await db
    .prepare('SELECT name FROM eauction_lot_images WHERE order_id = ? ORDER BY position')
    .bind(orderId)
    .all<Row>()
  return results
}

const uzexSelect = (lang: Locale) =>
  `lot_id, lot_number, customer, start_cost, currency_name, start_date, end_date, ${col('proposal_name', lang)}, ${col('customer_region', lang)}, ${col('trade_type', lang)}`

/** A page of the UzEx lots: open ones first (ending soonest first), then closed ones. */
export async function listUzexLots(db: D1Database, lang: Locale, page: Paging, now: Date): Promise<Page> {
  const total = await db.prepare('SELECT count(*) AS n FROM uzex_lots').first<number>('n')
  const { results } = await db
    .prepare(`SELECT ${uzexSelect(lang)} FROM uzex_lots ORDER BY (end_date < ?) ASC, end_date ASC LIMIT ? OFFSET ?`)
    .bind(now.toISOString(), page.size, page.offset)
    .all<Row>()
  return { total: total ?? 0, rows: results }
}

/** A UzEx lot, or null. */
export function readUzexLot(db: D1Database, lang: Locale, id: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${uzexSelect(lang)} FROM uzex_lots WHERE lot_id = ?`)
    .bind(id)
    .first<Row>()
}

/** The products of UzEx lots, by lot, in their order. */
export async function listUzexProducts(db: D1Database, lang: Locale, ids: unknown[]): Promise<Map<unknown, Row[]>> {
  const out = new Map<unknown, Row[]>()
  if (!ids.length) return out
  const { results } = await db
    .prepare(
      `SELECT lot_id, position AS "order", number, price_unit, ${col('name', lang)}, ${col('info', lang)} FROM uzex_products WHERE lot_id IN (${placeholders(ids.length)}) ORDER BY position`,
    )
    .bind(...ids)
    .all<Row>()
  for (const { lot_id, ...p } of results) out.set(lot_id, [...(out.get(lot_id) ?? []), p])
  return out
}
