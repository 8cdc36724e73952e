/**
 * Firebase Cloud Messaging in the page, loaded with `import()` only when the user opens the bell's push offer or
 * turns push on or off (never in the main bundle): registers the service worker, gets the device token and hands it
 * over, or has the gateway forget it and deletes it in the browser.
 */
import { getApps, initializeApp } from 'firebase/app'
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging'
import type { GatewayResult } from '../../../shared/gateway/gateway-client'

/** Where the edge serves the push service worker. */
const PUSH_WORKER_URL = '/firebase-messaging-sw.js'

export type PushOptions = {
  config: Readonly<Record<string, string>>
  vapidKey: string
  /** Hands the device token to the gateway (`POST /core/profile/fcm-token`). */
  register: (token: string) => Promise<GatewayResult<unknown>>
}

/**
 * Turns push on for a user who granted permission: `unsupported` when the browser lacks what FCM needs, `failed` when
 * the gateway refused the token.
 */
export async function registerPush(options: PushOptions): Promise<'on' | 'unsupported' | 'failed'> {
  if (!(await isSupported())) return 'unsupported'
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { type: 'module', scope: '/' })
  const app = getApps()[0] ?? initializeApp({ ...options.config })
  const messaging = getMessaging(app)
  const fetchToken = async () => {
    const token = await getToken(messaging, { vapidKey: options.vapidKey, serviceWorkerRegistration: registration })
    if (!token) throw new Error('no push token')
    return token
  }
  let registered = await options.register(await fetchToken())
  // Another signed-in user holds this device's token (docs/security.md#push-tokens): the device proves itself by
  // subscribing anew, and the fresh token is this user's.
  if (!registered.ok && registered.code === PUSH_TOKEN_TAKEN) {
    await deleteToken(messaging)
    registered = await options.register(await fetchToken())
  }
  return registered.ok ? 'on' : 'failed'
}

/**
 * Turns push off in this browser (docs/product.md#notification-choices): the gateway forgets the device's token (or,
 * when the browser cannot say which it is, every device this session registered), then Firebase deletes it here, so
 * the browser stops receiving pushes even from a gateway that missed the first step. `failed` when the gateway refused.
 */
export async function unregisterPush(options: {
  config: Readonly<Record<string, string>>
  vapidKey: string
  forget: (token: string | null) => Promise<GatewayResult<unknown>>
}): Promise<'off' | 'failed'> {
  if (!(await isSupported())) return (await options.forget(null)).ok ? 'off' : 'failed'
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { type: 'module', scope: '/' })
  const app = getApps()[0] ?? initializeApp({ ...options.config })
  const messaging = getMessaging(app)
  const token = await getToken(messaging, {
    vapidKey: options.vapidKey,
    serviceWorkerRegistration: registration,
  }).catch(() => null)
  const forgotten = await options.forget(token || null)
  await deleteToken(messaging).catch(() => false)
  return forgotten.ok ? 'off' : 'failed'
}

/** The gateway's answer to a device token another user's live session holds. */
const PUSH_TOKEN_TAKEN = 'push_token_taken'
