/** The public content side of the gateway (GATEWAY.md "Public content", "Investor guide", "Services", "Integrations"). */
import { Hono } from 'hono'
import { readConfig } from '../../lib/config'
import { GatewayError, ok } from '../../lib/envelope'
import { resetAll, seedAll } from '../../seed/index'
import type { ContentEnv } from './common'
import { fileRoutes } from './files'
import { guideRoutes } from './guide'
import { integrationRoutes } from './integrations'
import { publicContentRoutes } from './public'
import { serviceRoutes } from './services'

/** Every content route with its full path, plus the dev seed/reset endpoints; mounted at `/` by the gateway app. */
export const contentRoutes = new Hono<ContentEnv>()

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
