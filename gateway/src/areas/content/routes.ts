/**
 * The public content side of the gateway (docs/gateway-contract.md#content, #guide, #services, #integrations): the
 * preview token's middleware and the content version; `index.ts` mounts the reading calls (media, guide, services,
 * trading, downloads) by their prefixes.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { ok } from '../../lib/envelope'
import { PREVIEW_HEADER, verifyPreview } from '../publishing/preview'
import { readContentVersion } from '../publishing/version'

/**
 * A valid preview token (forwarded by the portal) lets the content calls answer the one unpublished item it names
 * (docs/gateway-contract.md#preview); anything else in the header is ignored, and the calls answer published items.
 */
export const readPreviewToken = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.header(PREVIEW_HEADER)
  if (token) c.set('preview', await verifyPreview(readConfig(c.env).previewSecret, token, new Date()))
  await next()
})

/** `/core/content/*`, mounted at `/core/content`. */
export const contentVersionRoutes = new Hono<AppEnv>()

/**
 * **New:** the content version (docs/gateway-contract.md#content-version): the portal reads it to key its payload
 * cache, so a publish is seen by the next request in every isolate. One row read; never cached by the gateway.
 */
contentVersionRoutes.get('/version', async (c) => {
  c.header('Cache-Control', 'no-store')
  return ok(c, { version: await readContentVersion(c.env.DB) })
})
