/**
 * Firebase Cloud Messaging in the page, loaded with `import()` only when the user opens the bell's push offer or
 * turns push on (never in the main bundle): registers the service worker, gets the device token and hands it over.
 */
import { getApps, initializeApp } from 'firebase/app'
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging'

/** Where the edge serves the push service worker. */
const PUSH_WORKER_URL = '/firebase-messaging-sw.js'

export type PushOptions = {
  config: Readonly<Record<string, string>>
  vapidKey: string
  /** Hands the device token to the gateway (`POST /core/profile/fcm-token`). */
  register: (token: string) => Promise<void>
}

/** Turns push on for a user who granted permission: `unsupported` when the browser lacks what FCM needs. */
export async function registerPush(options: PushOptions): Promise<'on' | 'unsupported'> {
  if (!(await isSupported())) return 'unsupported'
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { type: 'module', scope: '/' })
  const app = getApps()[0] ?? initializeApp({ ...options.config })
  const messaging = getMessaging(app)
  const fetchToken = async () => {
    const token = await getToken(messaging, { vapidKey: options.vapidKey, serviceWorkerRegistration: registration })
    if (!token) throw new Error('no push token')
    return token
  }
  try {
    await options.register(await fetchToken())
  } catch (err) {
    // Another signed-in user holds this device's token (docs/security.md#push-tokens): the device proves itself by
    // subscribing anew, and the fresh token is this user's.
    if ((err as { code?: unknown } | null)?.code !== PUSH_TOKEN_TAKEN) throw err
    await deleteToken(messaging)
    await options.register(await fetchToken())
  }
  return 'on'
}

/** The gateway's answer to a device token another user's live session holds. */
const PUSH_TOKEN_TAKEN = 'push_token_taken'
