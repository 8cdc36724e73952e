/** `/firebase-messaging-sw.js`: the push service worker with the public Firebase config injected (404 when unset). */
import type { Context } from 'hono'
import manifest from 'virtual:client-manifest'
import type { AppEnv } from './types'
import { FIREBASE_CONNECT } from './vendor-csp'

/** The worker may import its own built module and talk to Firebase; nothing else. */
const WORKER_CSP = `default-src 'none'; script-src 'self'; connect-src 'self' ${FIREBASE_CONNECT.join(' ')}; img-src 'self'`

export function servePushWorker(c: Context<AppEnv>): Response {
  const config = c.get('config').public
  if (!config.firebase || !config.vapidKey || !manifest.pushWorker) {
    return c.json({ result: { code: 'not_found', description: 'not_found' }, content: null }, 404)
  }
  const body = `import { startMessagingWorker } from ${JSON.stringify(manifest.pushWorker)}\nstartMessagingWorker(${JSON.stringify(config.firebase)})\n`
  c.header('content-type', 'text/javascript; charset=utf-8')
  // Browsers check for a new worker on navigation; a cached copy would pin an old config or build.
  c.header('cache-control', 'no-cache')
  c.header('content-security-policy', WORKER_CSP)
  c.header('service-worker-allowed', '/')
  return c.body(body)
}
