/**
 * The public content side of the gateway (docs/gateway-contract.md#content, "Investor guide", "Services",
 * "Integrations").
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { LOCALES } from '../../../../contract/locales'
import { resetAll, seedAll } from '../../dev/seed/index'
import { readConfig } from '../../lib/config'
import { GatewayError, ok } from '../../lib/envelope'
import { IdSchema, parseInput, readJson } from '../../lib/validate'
import { PREVIEW_HEADER, verifyPreview } from '../publishing/preview'
import { readContentVersion } from '../publishing/version'
import type { ContentEnv } from './common'
import { fileRoutes } from './downloads'
import { guideRoutes } from './guide'
import { publicContentRoutes } from './media'
import { serviceRoutes } from './services'
import { integrationRoutes } from './trading'

/** Every content route with its full path, plus the dev seed/reset endpoints; mounted at `/` by the gateway app. */
export const contentRoutes = new Hono<ContentEnv>()

// A valid preview token (forwarded by the portal) lets the content calls answer the one unpublished item it names
// (docs/gateway-contract.md#preview); anything else in the header is ignored, and the calls answer published items.
contentRoutes.use('/siw/public/*', async (c, next) => {
  const token = c.req.header(PREVIEW_HEADER)
  if (token) c.set('preview', await verifyPreview(readConfig(c.env).previewSecret, token, new Date()))
  await next()
})

/**
 * **New:** the content version (docs/gateway-contract.md#content-version): the portal reads it to key its payload
 * cache, so a publish is seen by the next request in every isolate. One row read; never cached by the gateway.
 */
contentRoutes.get('/core/content/version', async (c) => {
  c.header('Cache-Control', 'no-store')
  return ok(c, { version: await readContentVersion(c.env.DB) })
})

contentRoutes.route('/', publicContentRoutes)
contentRoutes.route('/', guideRoutes)
contentRoutes.route('/', serviceRoutes)
contentRoutes.route('/', integrationRoutes)
contentRoutes.route('/', fileRoutes)

/** Seeding (DEV_MODE only): idempotent; user data is never touched. */
contentRoutes.post('/dev/seed', async (c) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  return ok(c, await seedAll(c.env))
})

/** Wipes content and user tables, then seeds again (DEV_MODE only; `npm run db:reset`). */
contentRoutes.post('/dev/reset', async (c) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  await resetAll(c.env)
  return ok(c, await seedAll(c.env))
})

/** A post stored exactly as given, in every language: no trimming, no sanitising (hostile-content tests). */
const DevPostSchema = v.object({
  id: IdSchema,
  category: v.picklist(['news', 'publication', 'pr_material', 'blog']),
  publish_date: v.pipe(v.string(), v.isoDate()),
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)),
  content: v.pipe(v.string(), v.maxLength(20_000)),
  author: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
})

/**
 * Writes one post as an upstream CMS might send it (DEV_MODE only). End-to-end tests use it to check that hostile
 * titles and bodies render inert; it is not indexed for search, and a later seed leaves it alone.
 */
contentRoutes.put('/dev/content/post', async (c) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  const post = parseInput(DevPostSchema, await readJson(c))
  const cols = (name: string) => LOCALES.map((l) => `${name}_${l}`).join(', ')
  await c.env.DB.prepare(
    `INSERT OR REPLACE INTO posts (id, category, publish_date, ${cols('title')}, ${cols('content')}, photo, author_first_name, author_last_name, keywords, updated_at)
     VALUES (?, ?, ?, ${LOCALES.map(() => '?').join(', ')}, ${LOCALES.map(() => '?').join(', ')}, NULL, ?, '', '', ?)`,
  )
    .bind(
      post.id,
      post.category,
      post.publish_date,
      ...LOCALES.map(() => post.title),
      ...LOCALES.map(() => post.content),
      post.author,
      new Date().toISOString(),
    )
    .run()
  return ok(c, { id: post.id })
})

/** Removes a post written by `PUT /dev/content/post` (DEV_MODE only). */
contentRoutes.delete('/dev/content/post/:id', async (c) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  const { id } = parseInput(v.object({ id: IdSchema }), { id: c.req.param('id') })
  await c.env.DB.batch([
    c.env.DB.prepare('DELETE FROM post_files WHERE post_id = ?').bind(id),
    c.env.DB.prepare('DELETE FROM posts WHERE id = ?').bind(id),
  ])
  return ok(c, { id })
})
