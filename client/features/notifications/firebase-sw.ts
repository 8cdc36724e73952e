/**
 * The push service worker, built as its own entry (never in the main bundle). The edge serves
 * `/firebase-messaging-sw.js`, which imports this module; in a service worker it installs its handlers on load (an app
 * build keeps no exports of an entry, so nothing could call them) (docs/product.md#realtime).
 * It reads FCM's web-push payload itself, without the Firebase SDK and without any network: a message with a
 * `notification` part or a data-only one becomes a system notification, or, while a portal page is visible, a message
 * to that page (which toasts and refreshes its bell); a click opens the linked page in the recipient's language.
 * It imports nothing: a chunk shared with the app would pull the app's entry into the worker.
 */

/** The parts of the service-worker scope used here (the client tsconfig has DOM types, not WebWorker ones). */
type WindowClientLike = {
  url: string
  visibilityState: DocumentVisibilityState
  focus: () => Promise<unknown>
  navigate: (url: string) => Promise<unknown>
  postMessage: (message: unknown) => void
}
type ExtendableEventLike = Event & { waitUntil: (promise: Promise<unknown>) => void }
type PushEventLike = ExtendableEventLike & { data: { json: () => unknown; text: () => string } | null }
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
    ((type: 'push', listener: (event: PushEventLike) => void) => void) &
    ((type: 'notificationclick', listener: (event: NotificationEventLike) => void) => void)
}

const self = globalThis as unknown as ServiceWorkerScope

/** FCM's web-push payload as the browser receives it (the parts read here). */
export type PushPayload = {
  notification?: { title?: string; body?: string; click_action?: string }
  data?: Record<string, string>
  fcmOptions?: { link?: string }
}

/** What a page receives while it is visible: the payload, marked as Firebase's own service worker marks it. */
export type ForegroundPush = PushPayload & { isFirebaseMessaging: true; messageType: 'push-received' }

/** A system notification's content and where its click leads. */
export type ShownPush = { title: string; body: string; tag: string | undefined; url: string }

/** A path of this portal (not `//host` or `/\host`), or null. */
function portalPath(link: unknown): string | null {
  return typeof link === 'string' && /^\/(?![\\/])/.test(link) ? link : null
}

/**
 * The page a push opens, as a path: the message's `data.link` (the gateway puts it under the recipient's language),
 * else FCM's `fcmOptions.link` when it is this portal's, else the profile (the edge picks the language).
 */
export function pushTarget(payload: PushPayload, origin: string): string {
  const link = portalPath(payload.data?.link)
  if (link) return link
  const fcmLink = payload.fcmOptions?.link ?? payload.notification?.click_action
  if (fcmLink) {
    try {
      const url = new URL(fcmLink, origin)
      if (url.origin === origin) return url.pathname + url.search + url.hash
    } catch {
      // Not a URL: the profile, below.
    }
  }
  return '/profile'
}

/** The notification to show for a push (data-only messages carry their text in `data`). */
export function readPush(payload: PushPayload, origin: string): ShownPush {
  const data = payload.data ?? {}
  return {
    title: payload.notification?.title || data.title || new URL(origin).hostname,
    body: payload.notification?.body ?? data.body ?? data.message ?? '',
    tag: data.id ? `notification-${data.id}` : undefined,
    url: pushTarget(payload, origin),
  }
}

function parsePayload(event: PushEventLike): PushPayload {
  if (!event.data) return {}
  try {
    const json = event.data.json()
    return typeof json === 'object' && json !== null ? (json as PushPayload) : {}
  } catch {
    return { data: { body: event.data.text() } }
  }
}

async function portalWindows(): Promise<WindowClientLike[]> {
  const origin = self.location.origin
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  return windows.filter((w) => new URL(w.url).origin === origin)
}

async function receive(payload: PushPayload): Promise<void> {
  const windows = await portalWindows()
  if (windows.some((w) => w.visibilityState === 'visible')) {
    // The page tells the user itself (a toast, the bell's count); every portal tab refreshes its bell.
    const message: ForegroundPush = { ...payload, isFirebaseMessaging: true, messageType: 'push-received' }
    for (const w of windows) w.postMessage(message)
    return
  }
  const shown = readPush(payload, self.location.origin)
  await self.registration.showNotification(shown.title, {
    body: shown.body,
    tag: shown.tag,
    icon: '/favicon.svg',
    data: { url: shown.url },
  })
}

/**
 * The clicked notification's page: a tab already there is focused, else a portal tab goes there, else a new one opens.
 */
async function open(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href
  const windows = await portalWindows()
  const there = windows.find((w) => w.url === url)
  if (there) {
    await there.focus()
    return
  }
  const tab = windows.find((w) => w.visibilityState === 'visible') ?? windows[0]
  if (tab) {
    // Focusing may be refused (the click's permission to focus is short-lived); the tab still goes to the page.
    await tab.focus().catch(() => undefined)
    if (await tab.navigate(url).catch(() => null)) return
  }
  await self.clients.openWindow(url)
}

/** Installs the worker's handlers: push, notification click, and taking control of open portal pages at once. */
export function startMessagingWorker() {
  self.addEventListener('install', () => void self.skipWaiting())
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
  self.addEventListener('push', (event) => event.waitUntil(receive(parsePayload(event))))
  self.addEventListener('notificationclick', (event) => {
    const data = event.notification.data as { url?: unknown } | null
    event.notification.close()
    event.waitUntil(open(portalPath(data?.url) ?? '/'))
  })
}

// Only in a service worker: the unit tests import this module for its pure parts.
if (typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'function')
  startMessagingWorker()
