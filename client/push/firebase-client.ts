/**
 * Firebase Cloud Messaging in the page, loaded with `import()` only when the user opens the bell's push offer or
 * turns push on (never in the main bundle): registers the service worker, gets the device token and hands it over.
 */
import { getApps, initializeApp } from 'firebase/app'
import { getMessaging, getToken, isSupported } from 'firebase/messaging'

/** Where the edge serves the push service worker. */
export const PUSH_WORKER_URL = '/firebase-messaging-sw.js'

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
  const token = await getToken(getMessaging(app), { vapidKey: options.vapidKey, serviceWorkerRegistration: registration })
  if (!token) throw new Error('no push token')
  await options.register(token)
  return 'on'
}
