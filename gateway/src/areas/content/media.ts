/**
 * `/siw/public` content of docs/gateway-contract.md#content: posts, galleries, events, stories, leadership, reviews,
 * territories, pages, search and the site's contacts.
 */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import { GatewayError, ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import { toFtsQuery } from '../../lib/search-text'
import { excerpt, htmlToText } from '../../lib/user-html'
import { eventCalendar, readCalendarEvent } from './calendar'
import { artFile, type ContentEnv, langOf, notFound, previewOf, readId } from './common'
import { agendaFile } from './downloads'
import {
  countMatches,
  listEvents,
  listGalleries,
  listGalleryImages,
  listLeaders,
  listMatches,
  listPages,
  listPostFiles,
  listPosts,
  listReviews,
  listStories,
  listTerritories,
  type Row,
  readContentPage,
  readEvent,
  readGallery,
  readPost,
  readSectorPage,
  readStory,
} from './queries'
import { readSiteSettings } from './site-settings'

/** `/siw/public` content routes, mounted at `/siw/public`. */
export const mediaRoutes = new Hono<ContentEnv>()

const POST_CATEGORIES = new Set(['news', 'publication', 'pr_material', 'blog'])

// **New:** the agency's contacts, which the portal's footer and contact page show (docs/gateway-contract.md#site-settings).
mediaRoutes.get('/site-settings', async (c) => ok(c, await readSiteSettings(c.env.DB, langOf(c))))

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

mediaRoutes.get('/post', async (c) => {
  const p = readPaging(c.req.query())
  const category = c.req.query('category')
  if (category && !POST_CATEGORIES.has(category))
    throw new GatewayError(422, 'validation_error', 'validation_error', ['category'])
  const filter = { category, keyword: c.req.query('keyword') }
  const { total, rows } = await listPosts(c.env.DB, langOf(c), previewOf(c), filter, p)
  const files = await listPostFiles(
    c.env.DB,
    rows.map((r) => Number(r.id)),
  )
  return ok(c, await Promise.all(rows.map((r) => toPost(c, r, files.get(Number(r.id)) ?? []))), pageable(p, total))
})

mediaRoutes.get('/post/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await readPost(c.env.DB, langOf(c), previewOf(c), id)
  if (!row) notFound()
  const files = await listPostFiles(c.env.DB, [id])
  return ok(c, await toPost(c, row, files.get(id) ?? []))
})

/** Galleries' images with their captions, by gallery. */
async function galleryImages(c: Parameters<typeof artFile>[0], lang: Locale, ids: number[]) {
  const out = new Map<number, unknown[]>()
  for (const r of await listGalleryImages(c.env.DB, lang, ids))
    out.set(Number(r.gallery_id), [
      ...(out.get(Number(r.gallery_id)) ?? []),
      { ...artFile(c, r.name), caption: r.caption },
    ])
  return out
}

mediaRoutes.get('/gallery', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const { total, rows } = await listGalleries(c.env.DB, lang, previewOf(c), c.req.query('keyword'), p)
  const images = await galleryImages(
    c,
    lang,
    rows.map((r) => Number(r.id)),
  )
  return ok(
    c,
    rows.map((r) => ({ ...r, files: images.get(Number(r.id)) ?? [] })),
    pageable(p, total),
  )
})

mediaRoutes.get('/gallery/:id', async (c) => {
  const lang = langOf(c)
  const id = readId(c.req.param('id'))
  const row = await readGallery(c.env.DB, lang, previewOf(c), id)
  if (!row) notFound()
  const images = await galleryImages(c, lang, [id])
  return ok(c, { ...row, files: images.get(id) ?? [] })
})

function toEvent(c: Parameters<typeof artFile>[0], r: Row, lang: Locale) {
  const { agenda_text: _, ...event } = r
  return { ...event, photo: artFile(c, r.photo), agenda: agendaFile(c, r, lang) }
}

/** Upcoming events first (soonest first), then past ones (latest first). */
mediaRoutes.get('/event', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const { total, rows } = await listEvents(c.env.DB, lang, previewOf(c), c.req.query('keyword'), p, new Date())
  return ok(
    c,
    rows.map((r) => toEvent(c, r, lang)),
    pageable(p, total),
  )
})

mediaRoutes.get('/event/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const row = await readEvent(c.env.DB, lang, previewOf(c), id)
  if (!row) notFound()
  return ok(c, toEvent(c, row, lang))
})

/** The event's calendar file (docs/gateway-contract.md#calendar), in `?lang=` or the request's language. */
mediaRoutes.get('/event/:id/calendar.ics', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const origin = readConfig(c.env).portalOrigin
  const event = await readCalendarEvent(c.env.DB, id, lang, origin, previewOf(c))
  if (!event) notFound()
  return c.body(eventCalendar(event, lang, origin), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="event-${id}.ics"`,
    'Cache-Control': 'public, max-age=300',
    'X-Content-Type-Options': 'nosniff',
  })
})

mediaRoutes.get('/story', async (c) => {
  const p = readPaging(c.req.query())
  const { total, rows } = await listStories(c.env.DB, langOf(c), previewOf(c), c.req.query('keyword'), p)
  return ok(
    c,
    rows.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
    pageable(p, total),
  )
})

mediaRoutes.get('/story/:id', async (c) => {
  const row = await readStory(c.env.DB, langOf(c), previewOf(c), readId(c.req.param('id')))
  if (!row) notFound()
  return ok(c, { ...row, photo: artFile(c, row.photo) })
})

mediaRoutes.get('/leadership', async (c) => {
  const rows = await listLeaders(c.env.DB, langOf(c), previewOf(c))
  return ok(
    c,
    rows.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
  )
})

mediaRoutes.get('/review', async (c) => {
  const rows = await listReviews(c.env.DB, langOf(c), previewOf(c))
  return ok(
    c,
    rows.map((r) => ({ ...r, photo: artFile(c, r.photo) })),
  )
})

mediaRoutes.get('/territory', async (c) => {
  const p = readPaging(c.req.query(), 14)
  const { total, rows } = await listTerritories(c.env.DB, langOf(c), p)
  return ok(
    c,
    rows.map(({ region_id, region_code, region_name, ...t }) => ({
      ...t,
      region: { id: region_id, region: region_name, code: region_code },
    })),
    pageable(p, total),
  )
})

/** Every content page, by slug: what a site map lists of them (**new:** docs/gateway-contract.md#content). */
mediaRoutes.get('/page', async (c) => {
  const p = readPaging(c.req.query())
  const { total, rows } = await listPages(c.env.DB, langOf(c), previewOf(c), p)
  return ok(c, rows, pageable(p, total))
})

mediaRoutes.get('/page/:slug', async (c) => {
  const slug = c.req.param('slug')
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) notFound()
  // A sector's page (`sector-{slug}`) is the sector's own record: its name, its card's line and its page
  // (docs/gateway-contract.md#guide); an unknown sector is a 404 like an unknown page.
  const row = slug.startsWith('sector-')
    ? await readSectorPage(c.env.DB, langOf(c), previewOf(c), slug.slice(7))
    : await readContentPage(c.env.DB, langOf(c), previewOf(c), slug)
  if (!row) notFound()
  return ok(c, slug.startsWith('sector-') ? { ...row, slug } : row)
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
mediaRoutes.get('/search', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query(), 10, 50)
  const none = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0]))
  const empty = { ...Object.fromEntries(SEARCH_KINDS.map((k) => [k, [] as unknown[]])), counts: none }
  const match = toFtsQuery(c.req.query('keyword') ?? '', lang)
  if (!match) return ok(c, empty, pageable(p, 0))
  const counts = await countMatches(c.env.DB, match, lang)
  const results = await listMatches(c.env.DB, match, lang, SEARCH_KINDS, p)
  const byKind = { ...none, ...Object.fromEntries(counts.map((r) => [String(r.kind), Number(r.n)])) }
  const content = {
    ...Object.fromEntries(SEARCH_KINDS.map((kind, i) => [kind, results[i]!])),
    counts: byKind,
  }
  const largest = Math.max(0, ...Object.values(byKind))
  const total = Object.values(byKind).reduce((sum, n) => sum + n, 0)
  return ok(c, content, { ...pageable(p, largest), total })
})
