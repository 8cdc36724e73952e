/**
 * The development build's part of the gateway (docs/gateway-contract.md#reference-gateway): the `/dev/*` helpers and
 * the OneID stand-in, answering only while DEV_MODE is "1", and what the areas borrow from it (`DevSeams`). `index.ts`
 * calls `createDevApp` only behind the build-time switch `__GATEWAY_DEV__`, so a production build contains none of
 * this folder, nor the seed files it reads; the deploy check verifies it.
 */
import { Hono } from 'hono'
import { readConfig } from '../lib/config'
import type { AppEnv, DevSeams } from '../lib/context'
import { GatewayError } from '../lib/envelope'
import { SERVICE_DEMOS } from './demo-services'
import { createOneIdStandIn } from './oneid-stand-in'
import { createDevRoutes } from './routes'

/** The dev app: its routes, mounted at `/dev`, and the seams it lends the areas. */
export function createDevApp(): { routes: Hono<AppEnv>; seams: DevSeams } {
  const standIn = createOneIdStandIn()
  const routes = new Hono<AppEnv>()
  // Every `/dev/*` path answers 404 unless DEV_MODE is "1".
  routes.use('*', async (c, next) => {
    if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
    await next()
  })
  routes.route('/oneid', standIn)
  routes.route('/', createDevRoutes())
  // The gateway's own token calls reach the stand-in in-process, at the URL `config.ts` names.
  const tokenEndpoint = new Hono<AppEnv>().route('/dev/oneid', standIn)
  return {
    routes,
    seams: {
      oneIdStandIn: async (request, env, ctx) => tokenEndpoint.fetch(request, env, ctx),
      serviceDemos: SERVICE_DEMOS,
    },
  }
}
