/**
 * `/siw/public` content of docs/gateway-contract.md: posts, galleries, events, stories, leadership, reviews,
 * territories, pages, search.
 */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { GatewayError, ok } from '../../lib/envelope'
import { col } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { toFtsQuery } from '../../lib/search-text'
import { excerpt, htmlToText } from '../../lib/user-html'
import { artFile, type ContentEnv, keywordClause, langOf, notFound, type Row, readId, shown } from './common'
import { agendaFile } from './downloads'
import { readSiteSettings } from './site-settings'

/** `/siw/public` content routes. */
export const publicContentRoutes = new Hono<ContentEnv>()

const POST_CATEGORIES = new Set(['news', 'publication', 'pr_material', 'blog'])

// **New:** the agency's contacts, which the portal's footer and contact page show (docs/gateway-contract.md#site-settings).
publicContentRoutes.get('/siw/public/site-settings', async (c) => ok(c, await readSiteSettings(c.env.DB, langOf(c))))

function postCols(lang: Locale) {
  return `id, category, publish_date, updated_at, photo, author_first_name, author_last_name, ${col('title', lang)}, ${col('content', lang)}`
}

async function postFiles(db: D1Database, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>()
  if (!ids.length) return out
  const { results } = await db
    .prepare(
      `SELECT post_id, name FROM post_files WHERE post_id IN (${ids.map(() => '?').join(',')}) ORDER BY position`,
    )
    .bind(...ids)
    .all<Row>()
  for (const r of results) out.set(Number(r.post_id), [...(out.get(Number(r.post_id)) ?? []), String(r.name)])
  return out
}

publicContentRoutes.get('/siw/public/post', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const category = c.req.query('category')
  if (category && !POST_CATEGORIES.has(category))
    throw new GatewayError(422, 'validation_error', 'validation_error', ['category'])
  const kw = keywordClause(c.req.query('keyword'))
  const where = `WHERE ${shown(c, 'post')}${category ? ' AND category = ?' : ''}${kw.sql}`
  const args = [...(category ? [category] : []), ...kw.args]
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM posts ${where}`)
    .bind(...args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT ${postCols(lang)} FROM posts ${where} ORDER BY publish_date DESC, id DESC LIMIT ? OFFSET ?`,
  )
    .bind(...args, p.size, p.offset)
    .all<Row>()
  const files = await postFiles(
    c.env.DB,
    results.map((r) => Number(r.id)),
  )
  return ok(
    c,
    await Promise.all(results.map((r) => toPost(c, r, files.get(Number(r.id)) ?? []))),
    pageable(p, total ?? 0),
  )
})

publicContentRoutes.get('/siw/public/post/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(`SELECT ${postCols(langOf(c))} FROM posts WHERE id = ? AND ${shown(c, 'post')}`)
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  const files = await postFiles(c.env.DB, [id])
  return ok(c, await toPost(c, row, files.get(id) ?? []))
})

async function toPost(c: Parameters<typeof artFile>[0], r: Row, files: string[]) {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    description: excerpt(await htmlToText(String(r.content ?? ''))),
    publish_date: r.publish_date,
    updated_at: r.updated_at,
    category: r.category,
    photo: artFile(c, r.photo),
    files: files.map((name) => artFile(c, name)),
    author: { firstName: r.author_first_name, lastName: r.author_last_name },
  }
}

async function galleryImages(c: Parameters<typeof artFile>[0], lang: Locale, ids: number[]) {
  const out = new Map<number, unknown[]>()
  if (!ids.length) return out
  const { results } = await c.env.DB.prepare(
    `SELECT gallery_id, name, ${col('caption', lang)} FROM gallery_images WHERE gallery_id IN (${ids.map(() => '?').join(',')}) ORDER BY position`,
  )
    .bind(...ids)
    .all<Row>()
  for (const r of results)
    out.set(Number(r.gallery_id), [
      ...(out.get(Number(r.gallery_id)) ?? []),
      { ...artFile(c, r.name), caption: r.caption },
    ])
  return out
}

publicContentRoutes.get('/siw/public/gallery', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM galleries WHERE ${shown(c, 'gallery')}${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT id, publish_date, updated_at, ${col('title', lang)}, ${col('content', lang)} FROM galleries WHERE ${shown(c, 'gallery')}${kw.sql} ORDER BY publish_date DESC, id DESC LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  const images = await galleryImages(
    c,
    lang,
    results.map((r) => Number(r.id)),
  )
  return ok(
    c,
    results.map((r) => ({ ...r, files: images.get(Number(r.id)) ?? [] })),
    pageable(p, total ?? 0),
  )
})

publicContentRoutes.get('/siw/public/gallery/:id', async (c) => {
  const lang = langOf(c)
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(
    `SELECT id, publish_date, updated_at, ${col('title', lang)}, ${col('content', lang)} FROM galleries WHERE id = ? AND ${shown(c, 'gallery')}`,
  )
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  const images = await galleryImages(c, lang, [id])
  return ok(c, { ...row, files: images.get(id) ?? [] })
})

function eventCols(lang: Locale) {
  return `id, date_from, date_to, time, updated_at, photo, ${col('name', lang)}, ${col('location', lang)}, ${col('description', lang)}, ${col('agenda', lang, 'agenda_text')}`
}

function toEvent(c: Parameters<typeof artFile>[0], r: Row, lang: Locale) {
  const { agenda_text: _, ...event } = r
  return { ...event, photo: artFile(c, r.photo), agenda: agendaFile(c, r, lang) }
}

/** Upcoming events first (soonest first), then past ones (latest first). */
publicContentRoutes.get('/siw/public/event', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const kw = keywordClause(c.req.query('keyword'))
  const now = new Date().toISOString()
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM events WHERE ${shown(c, 'event')}${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT ${eventCols(lang)} FROM events WHERE ${shown(c, 'event')}${kw.sql}
     ORDER BY (date_to < ?) ASC, CASE WHEN date_to >= ? THEN date_from END ASC, date_from DESC LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, now, now, p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map((r) => toEvent(c, r, lang)),
    pageable(p, total ?? 0),
  )
})

publicContentRoutes.get('/siw/public/event/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const row = await c.env.DB.prepare(`SELECT ${eventCols(lang)} FROM events WHERE id = ? AND ${shown(c, 'event')}`)
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  return ok(c, toEvent(c, row, lang))
})

function storyCols(lang: Locale) {
  return `id, publish_date, updated_at, photo, ${col('title', lang)}, ${col('summary', lang)}, ${col('content', lang)}`
}

publicContentRoutes.get('/siw/public/story', async (c) => {
  const p = readPaging(c.req.query())
  const kw = keywordClause(c.req.query('keyword'))
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM stories WHERE ${shown(c, 'story')}${kw.sql}`)
    .bind(...kw.args)
    .first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT ${storyCols(langOf(c))} FROM stories WHERE ${shown(c, 'story')}${kw.sql} ORDER BY publish_date DESC, id DESC LIMIT ? OFFSET ?`,
  )
    .bind(...kw.args, p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
    pageable(p, total ?? 0),
  )
})

publicContentRoutes.get('/siw/public/story/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(
    `SELECT ${storyCols(langOf(c))} FROM stories WHERE id = ? AND ${shown(c, 'story')}`,
  )
    .bind(id)
    .first<Row>()
  if (!row) notFound()
  return ok(c, { ...row, photo: artFile(c, row.photo) })
})

publicContentRoutes.get('/siw/public/leadership', async (c) => {
  const lang = langOf(c)
  const { results } = await c.env.DB.prepare(
    `SELECT id, email, phone, photo, ${col('name', lang)}, ${col('surname', lang)}, ${col('position', lang)}, ${col('bio', lang)}, ${col('working_days', lang)} FROM leaders WHERE ${shown(c, 'leader')} ORDER BY id`,
  ).all<Row>()
  return ok(
    c,
    results.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
  )
})

publicContentRoutes.get('/siw/public/review', async (c) => {
  const lang = langOf(c)
  const { results } = await c.env.DB.prepare(
    `SELECT id, photo, ${col('comment', lang)}, ${col('author', lang)} FROM reviews WHERE ${shown(c, 'review')} ORDER BY id`,
  ).all<Row>()
  return ok(
    c,
    results.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
  )
})

publicContentRoutes.get('/siw/public/territory', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query(), 14)
  const total = await c.env.DB.prepare('SELECT count(*) AS n FROM territories').first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT t.id, t.area, t.population, t.tourists, t.investment_projects, t.fdi_credits, t.foreign_trade, ${col('t.presentation', lang, 'presentation')},
            r.id AS region_id, r.code AS region_code, ${col('r.region', lang, 'region_name')}
     FROM territories t JOIN regions r ON r.id = t.region_id ORDER BY r.code LIMIT ? OFFSET ?`,
  )
    .bind(p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map(({ region_id, region_code, region_name, ...t }) => ({
      ...t,
      region: { id: region_id, region: region_name, code: region_code },
    })),
    pageable(p, total ?? 0),
  )
})

/** Every content page, by slug: what a site map lists of them (**new:** docs/gateway-contract.md#content). */
publicContentRoutes.get('/siw/public/page', async (c) => {
  const p = readPaging(c.req.query())
  const total = await c.env.DB.prepare(`SELECT count(*) AS n FROM pages WHERE ${shown(c, 'page')}`).first<number>('n')
  const { results } = await c.env.DB.prepare(
    `SELECT slug, updated_at, ${col('title', langOf(c))} FROM pages WHERE ${shown(c, 'page')} ORDER BY slug LIMIT ? OFFSET ?`,
  )
    .bind(p.size, p.offset)
    .all<Row>()
  return ok(c, results, pageable(p, total ?? 0))
})

publicContentRoutes.get('/siw/public/page/:slug', async (c) => {
  const slug = c.req.param('slug')
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) notFound()
  const lang = langOf(c)
  const row = await c.env.DB.prepare(
    `SELECT slug, updated_at, ${col('title', lang)}, ${col('content', lang)} FROM pages WHERE slug = ? AND ${shown(c, 'page')}`,
  )
    .bind(slug)
    .first<Row>()
  if (!row) notFound()
  return ok(c, row)
})

const SEARCH_KINDS = [
  'events',
  'gallery',
  'pages',
  'posts',
  'stories',
  'projects',
  'services',
  'sectors',
  'lots',
] as const

/**
 * FTS5 over posts, events, galleries, stories, pages, projects, services, sectors and e-auction lots in the request's
 * language (the index holds one row per language, in that language's search text: `searchText`). `counts` gives every
 * kind's number of matches, whichever page is asked.
 */
publicContentRoutes.get('/siw/public/search', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query(), 10, 50)
  const none = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0]))
  const empty = { ...Object.fromEntries(SEARCH_KINDS.map((k) => [k, [] as unknown[]])), counts: none }
  const match = toFtsQuery(c.req.query('keyword') ?? '', lang)
  if (!match) return ok(c, empty, pageable(p, 0))
  const counts = await c.env.DB.prepare(
    'SELECT kind, count(*) AS n FROM search_index WHERE search_index MATCH ? AND lang = ? GROUP BY kind',
  )
    .bind(match, lang)
    .all<Row>()
  const queries = SEARCH_KINDS.map((kind) =>
    c.env.DB.prepare(
      `SELECT ref_id AS id, display_title AS title, description, path FROM search_index
       WHERE search_index MATCH ? AND lang = ? AND kind = ? ORDER BY bm25(search_index, 4.0, 1.0) LIMIT ? OFFSET ?`,
    ).bind(match, lang, kind, p.size, p.offset),
  )
  const results = await c.env.DB.batch<Row>(queries)
  const byKind = { ...none, ...Object.fromEntries(counts.results.map((r) => [String(r.kind), Number(r.n)])) }
  const content = {
    ...Object.fromEntries(SEARCH_KINDS.map((kind, i) => [kind, results[i]!.results])),
    counts: byKind,
  }
  const largest = Math.max(0, ...Object.values(byKind))
  const total = Object.values(byKind).reduce((sum, n) => sum + n, 0)
  return ok(c, content, { ...pageable(p, largest), total })
})
