/**
 * Firebase Cloud Messaging in the page, loaded with `import()` only when push is configured and wanted (never in the
 * main bundle). Registers the service worker, gets the device token and hands it to the caller.
 */
import { getApps, initializeApp } from 'firebase/app'
import { getMessaging, getToken, isSupported, onMessage, type MessagePayload } from 'firebase/messaging'

/** Where the edge serves the push service worker (with the public config injected). */
export const PUSH_WORKER_URL = '/firebase-messaging-sw.js'

export type ForegroundMessage = { title: string; body: string; link: string | null }

export type PushOptions = {
  config: Readonly<Record<string, string>>
  vapidKey: string
  /** Hands the device token to the gateway (`POST /core/profile/fcm-token`). */
  register: (token: string) => Promise<void>
  onForeground: (message: ForegroundMessage) => void
}

function toForeground(payload: MessagePayload): ForegroundMessage {
  const data = payload.data ?? {}
  return {
    title: payload.notification?.title ?? data.title ?? '',
    body: payload.notification?.body ?? data.body ?? data.message ?? '',
    link: data.link ?? payload.fcmOptions?.link ?? null,
  }
}

/** Starts push for a user who has granted permission: service worker, token, registration, foreground listener. */
export async function startPush(options: PushOptions): Promise<() => void> {
  if (!(await isSupported())) throw new Error('push is not supported in this browser')
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { type: 'module', scope: '/' })
  const app = getApps()[0] ?? initializeApp({ ...options.config })
  const messaging = getMessaging(app)
  const token = await getToken(messaging, { vapidKey: options.vapidKey, serviceWorkerRegistration: registration })
  if (!token) throw new Error('no push token')
  await options.register(token)
  return onMessage(messaging, (payload) => options.onForeground(toForeground(payload)))
}
