/** Placeholder until the content routes land: an empty app so the gateway builds. */
import { Hono } from 'hono'

export const contentRoutes = new Hono<{ Bindings: Env }>()
