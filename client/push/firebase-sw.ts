/**
 * The push service worker, built as its own entry (never in the main bundle). The edge serves
 * `/firebase-messaging-sw.js`, which imports this module and calls `startMessagingWorker` with the public config.
 * Only Firebase is imported here: a shared chunk with the app would pull the app's entry into the worker.
 */
import { initializeApp } from 'firebase/app'
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw'

/** The parts of the service-worker scope used here (the client tsconfig has DOM types, not WebWorker ones). */
type WindowClientLike = { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }
type ExtendableEventLike = Event & { waitUntil: (promise: Promise<unknown>) => void }
type NotificationEventLike = ExtendableEventLike & { notification: Notification }
type ServiceWorkerScope = {
  location: Location
  registration: ServiceWorkerRegistration
  clients: {
    claim: () => Promise<void>
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<WindowClientLike[]>
    openWindow: (url: string) => Promise<unknown>
  }
  skipWaiting: () => Promise<void>
  addEventListener: ((type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void) => void) &
    ((type: 'notificationclick', listener: (event: NotificationEventLike) => void) => void)
}

const self = globalThis as unknown as ServiceWorkerScope

export type PushMessageData = { title?: string; body?: string; message?: string; link?: string }

/** A portal path from a message's link: same-origin paths only, anything else opens the profile. */
export function safeLink(link: unknown): string {
  return typeof link === 'string' && /^\/(?![\\/])/.test(link) ? link : '/profile'
}

/** Background messages become system notifications; a click opens (or focuses) the portal at the message's link. */
export function startMessagingWorker(config: Record<string, string>) {
  self.addEventListener('install', () => void self.skipWaiting())
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
  self.addEventListener('notificationclick', (event) => {
    const link = safeLink((event.notification.data as PushMessageData | null)?.link)
    event.notification.close()
    event.waitUntil(
      (async () => {
        const url = new URL(link, self.location.origin).href
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
        const open = windows.find((w) => new URL(w.url).origin === self.location.origin)
        if (open) {
          await open.focus()
          await open.navigate(url).catch(() => undefined)
        } else await self.clients.openWindow(url)
      })(),
    )
  })
  const messaging = getMessaging(initializeApp(config))
  onBackgroundMessage(messaging, (payload) => {
    // Messages with a `notification` part are shown by Firebase itself; data-only ones are shown here.
    if (payload.notification) return
    const data = (payload.data ?? {}) as PushMessageData
    void self.registration.showNotification(data.title || self.location.hostname, {
      body: data.body ?? data.message ?? '',
      icon: '/favicon.svg',
      data: { link: safeLink(data.link) },
    })
  })
}
