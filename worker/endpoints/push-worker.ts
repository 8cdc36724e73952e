/** `/firebase-messaging-sw.js`: the push service worker, served only when push is configured (404 otherwise). */

import manifest from 'virtual:client-manifest'
import type { Context } from 'hono'
import type { AppEnv } from '../types'

/** The worker imports its own built module and fetches nothing (it reads pushes without the Firebase SDK). */
const WORKER_CSP = "default-src 'none'; script-src 'self'; img-src 'self'"

export function servePushWorker(c: Context<AppEnv>): Response {
  const config = c.get('config').public
  if (!config.firebase || !config.vapidKey || !manifest.pushWorker) {
    return c.json({ result: { code: 'not_found', description: 'not_found' }, content: null }, 404)
  }
  // The module installs the worker's handlers when it loads (`client/features/notifications/firebase-sw.ts`).
  const body = `import ${JSON.stringify(manifest.pushWorker)}\n`
  c.header('content-type', 'text/javascript; charset=utf-8')
  // Browsers check for a new worker on navigation; a cached copy would pin an old build.
  c.header('cache-control', 'no-cache')
  c.header('content-security-policy', WORKER_CSP)
  c.header('service-worker-allowed', '/')
  return c.body(body)
}
