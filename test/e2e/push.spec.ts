/**
 * Push notifications end to end, on the portal with push configured (`test/e2e/push-config.ts`): the bell's offer
 * with Firebase's real messaging code in the page, the gateway's real FCM client against the stand-in for Google, and
 * the real service worker receiving pushes through the DevTools protocol.
 *
 * Stand-ins, all at a boundary this machine cannot cross: Firebase's two registration hosts (`*.googleapis.com`,
 * routed), Google's OAuth and FCM endpoints (the stand-in server), and the browser's push subscription. Chromium
 * refuses
 * the Push API in Playwright's incognito contexts, and in a real profile it would have to reach Google's push service;
 * so `PushManager.subscribe` hands back a subscription object, and pushes are delivered with
 * `ServiceWorker.deliverPushMessage`, as FCM's web-push payload.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test'
import type { Locale } from '../../contract/locales'
import { type Role, signInWithOneId, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import {
  FCM_STAND_IN_ORIGIN,
  FIREBASE_INSTALLATION,
  PUSH_ORIGIN,
  SERVICE_ACCOUNT_EMAIL,
  stubPushSubscription,
} from './push-config'
import { dropStatusError, href } from './support'

test.use({ baseURL: PUSH_ORIGIN, extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

const TEXT = {
  en: {
    offer: 'Turn on push notifications',
    on: 'Push notifications are on',
    region: 'Notifications',
    appealTitle: 'Appeal registered',
  },
  ru: {
    offer: 'Включить push-уведомления',
    on: 'Push-уведомления включены',
    region: 'Уведомления',
    appealTitle: 'Обращение зарегистрировано',
  },
} as const

type FcmMessage = {
  token: string
  notification: { title: string; body: string }
  data: Record<string, string>
  webpush?: { fcm_options: { link: string } }
}

const newDeviceToken = () => `e2e-${crypto.randomUUID()}:APA91b${crypto.randomUUID().replaceAll('-', '')}`

/**
 * Firebase's network, answered at its boundary: the installation (Firebase Installations API) and the device token
 * (FCM registrations API) for `deviceToken`, or a failure of the registration.
 */
async function stubFirebaseNetwork(page: Page, deviceToken: string | string[], registration: 'ok' | 'fail' = 'ok') {
  const calls: string[] = []
  // Each new subscription of the device (a POST) gets the next token; a deleted one (DELETE) is simply gone.
  const tokens = Array.isArray(deviceToken) ? [...deviceToken] : [deviceToken]
  await page.route('https://*.googleapis.com/**', async (route) => {
    const url = new URL(route.request().url())
    calls.push(url.host)
    if (url.host === 'firebaseinstallations.googleapis.com') {
      return route.fulfill({
        contentType: 'application/json',
        body: FIREBASE_INSTALLATION,
      })
    }
    if (
      url.host === 'fcmregistrations.googleapis.com' &&
      registration === 'ok' &&
      route.request().method() === 'DELETE'
    ) {
      calls.push('fcmregistrations.googleapis.com DELETE')
      return route.fulfill({ contentType: 'application/json', body: '{}' })
    }
    if (url.host === 'fcmregistrations.googleapis.com' && registration === 'ok') {
      const token = tokens.length > 1 ? tokens.shift()! : tokens[0]!
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ token }) })
    }
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }),
    })
  })
  return calls
}

/** Signs a resident in on `locale` pages and opens the bell's panel. */
async function openBell(page: Page, role: Role, locale: Locale) {
  await signInWithOneId(page, role, { locale })
  await waitForHydration(page)
  await page.locator('.notification-bell__toggle').click()
  return page.getByRole('region', { name: TEXT[locale as 'en' | 'ru'].region, exact: true })
}

/** Creates an appeal as the signed-in user (a `new_appeal` notification, so a push); answers its id. */
async function createAppeal(page: Page): Promise<number> {
  const res = await page.request.post('/gateway/siw/appeal', {
    headers: { origin: PUSH_ORIGIN, 'x-requested-with': 'invest-portal' },
    data: {
      topic_id: 1,
      type_id: 7,
      region_id: 1708,
      text: 'Which permits does a foreign investor need to build a warehouse?',
    },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { content: { id: number } }).content.id
}

/**
 * The message the gateway sent to FCM for `deviceToken` about the appeal (tests signed in as the same user run at the
 * same time, and every device of the user gets every notification), as the stand-in recorded it.
 */
async function sentAbout(page: Page, deviceToken: string, appealId: number): Promise<FcmMessage> {
  let found: FcmMessage | undefined
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `${FCM_STAND_IN_ORIGIN}/__control/accounts/${encodeURIComponent(SERVICE_ACCOUNT_EMAIL)}`,
      )
      const records = (await res.json()) as { messages: { message: FcmMessage; answer: number }[] }
      found = records.messages.find(
        (m) =>
          m.answer === 200 &&
          m.message.token === deviceToken &&
          m.message.data.link?.endsWith(`/profile/appeals/${appealId}`),
      )?.message
      return !!found
    })
    .toBe(true)
  return found!
}

/** FCM's web-push payload for a message, as the browser receives it. */
function webPushPayload(message: FcmMessage): string {
  return JSON.stringify({
    from: '1234567890',
    priority: 'normal',
    fcmMessageId: crypto.randomUUID(),
    notification: message.notification,
    data: message.data,
    ...(message.webpush ? { fcmOptions: message.webpush.fcm_options } : {}),
  })
}

/** The portal's push service worker and a DevTools session that can deliver pushes to it. */
async function pushWorker(
  context: BrowserContext,
  page: Page,
): Promise<{ worker: Worker; deliver: (payload: string) => Promise<void> }> {
  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations))
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${PUSH_ORIGIN}/` && !r.isDeleted)).toBe(true)
  const { registrationId } = registrations.findLast((r) => r.scopeURL === `${PUSH_ORIGIN}/`)!
  await expect
    .poll(() => context.serviceWorkers().some((w) => w.url() === `${PUSH_ORIGIN}/firebase-messaging-sw.js`))
    .toBe(true)
  const worker = context.serviceWorkers().find((w) => w.url() === `${PUSH_ORIGIN}/firebase-messaging-sw.js`)!
  // The test's own count of the push events the worker received, beside the portal's handler. DevTools' delivery is
  // the stand-in for the push service: a push it never brought to the worker is sent again (up to three times), as
  // the push service retries an undelivered message. A push that reached the worker and showed nothing still fails.
  await worker.evaluate(() => {
    const scope = globalThis as unknown as { e2ePushes: number; addEventListener: (t: string, l: () => void) => void }
    scope.e2ePushes = 0
    scope.addEventListener('push', () => {
      scope.e2ePushes += 1
    })
  })
  const received = () => worker.evaluate(() => (globalThis as unknown as { e2ePushes: number }).e2ePushes)
  const deliver = async (data: string) => {
    const before = await received()
    for (let attempt = 1; attempt <= 3; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: PUSH_ORIGIN, registrationId, data })
      try {
        await expect.poll(received, { message: 'the push reached the service worker' }).toBeGreaterThan(before)
        return
      } catch (error) {
        if (attempt === 3) throw error
      }
    }
  }
  return { worker, deliver }
}

type ShownNotification = { title: string; body: string; url: unknown }

/** How many windows of the portal's origin the service worker sees. */
function portalWindowCount(worker: Worker): Promise<number> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      clients: { matchAll: (o: object) => Promise<{ url: string }[]> }
      location: Location
    }
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
    return windows.filter((w) => new URL(w.url).origin === scope.location.origin).length
  })
}

/** The notifications the service worker is showing. */
function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration }
    const list = await scope.registration.getNotifications()
    return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: unknown } | null)?.url }))
  })
}

/**
 * Clicks the notification the worker shows, as the browser's click would: `notificationclick` dispatched in the
 * worker. A script-made event cannot extend its lifetime, so its `waitUntil` hands the work back to the test; nor may
 * it focus or open a window, which only a real click allows; navigating an open portal tab needs neither.
 */
function clickNotification(worker: Worker): Promise<void> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      dispatchEvent: (event: Event) => boolean
    }
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('no notification to click')
    const event = new scope.NotificationEvent('notificationclick', { notification })
    let work: Promise<unknown> = Promise.resolve()
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => (work = promise) })
    scope.dispatchEvent(event)
    await work
  })
}

test('push in English: offered only in the bell, turned on by its button, the device token reaches the gateway', async ({
  page,
  context,
}) => {
  const deviceToken = newDeviceToken()
  const firebaseCalls = await stubFirebaseNetwork(page, deviceToken)
  await stubPushSubscription(page)
  const panel = await openBell(page, 'businessmen', 'en')

  const offer = panel.getByRole('button', { name: TEXT.en.offer })
  await expect(offer).toBeVisible()
  // Nothing asked and nothing of Firebase loaded until the user clicks.
  expect(await page.evaluate(() => Notification.permission)).toBe('default')
  expect(firebaseCalls).toEqual([])
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /firebase-client/.test(e.name))),
  ).toBe(false)
  await checkA11y(page)

  // The user says yes to the prompt the button brings up.
  await context.grantPermissions(['notifications'], { origin: PUSH_ORIGIN })
  const registered = page.waitForResponse((r) => r.url().includes('/gateway/core/profile/fcm-token'))
  await offer.click()
  const response = await registered
  expect(new URL(response.url()).searchParams.get('fcm_token')).toBe(deviceToken)
  expect(response.status()).toBe(200)
  await expect(panel.getByRole('status')).toHaveText(TEXT.en.on)
  await expect(offer).toHaveCount(0)

  // The gateway has the device: a new notification is sent to it, in English.
  const appealId = await createAppeal(page)
  const message = await sentAbout(page, deviceToken, appealId)
  expect(message.notification.title).toBe(TEXT.en.appealTitle)
  expect(message.notification.body).toBe(`Your appeal No. ${appealId} has been registered and sent to moderation.`)
  expect(message.data).toMatchObject({ link: `/en/profile/appeals/${appealId}`, type: 'new_appeal', lang: 'en' })
})

test('push in Russian: turned on in the bell, sent in Russian, shown by the service worker, and a click opens the appeal in Russian', async ({
  page,
  context,
}) => {
  const deviceToken = newDeviceToken()
  await stubFirebaseNetwork(page, deviceToken)
  await stubPushSubscription(page)
  await context.grantPermissions(['notifications'], { origin: PUSH_ORIGIN })
  const panel = await openBell(page, 'investor', 'ru')
  await panel.getByRole('button', { name: TEXT.ru.offer }).click()
  await expect(panel.getByRole('status')).toHaveText(TEXT.ru.on)

  const appealId = await createAppeal(page)
  const message = await sentAbout(page, deviceToken, appealId)
  expect(message.notification.title).toBe(TEXT.ru.appealTitle)
  expect(message.data).toMatchObject({ link: `/ru/profile/appeals/${appealId}`, lang: 'ru' })

  // No portal page open: the service worker shows the push itself.
  const { worker, deliver } = await pushWorker(context, page)
  await page.goto('about:blank')
  // The worker may still list the page it just left until the browser has unloaded it.
  await expect.poll(() => portalWindowCount(worker)).toBe(0)
  await deliver(webPushPayload(message))
  await expect
    .poll(() => shownNotifications(worker))
    .toEqual([
      {
        title: 'Обращение зарегистрировано',
        body: `Ваше обращение № ${appealId} зарегистрировано и отправлено на модерацию.`,
        url: `/ru/profile/appeals/${appealId}`,
      },
    ])

  // The user is reading an English page when they click it: that tab goes to the appeal, in Russian.
  await page.goto(href('about', { locale: 'en' }))
  await waitForHydration(page)
  await clickNotification(worker)
  await page.waitForURL(`${PUSH_ORIGIN}/ru/profile/appeals/${appealId}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect.poll(() => shownNotifications(worker)).toEqual([])
})

test('push: a push that arrives while a portal page is visible is toasted and the bell shows it', async ({
  page,
  context,
}) => {
  const deviceToken = newDeviceToken()
  await stubFirebaseNetwork(page, deviceToken)
  await stubPushSubscription(page)
  await context.grantPermissions(['notifications'], { origin: PUSH_ORIGIN })
  const panel = await openBell(page, 'businessmen', 'en')
  await panel.getByRole('button', { name: TEXT.en.offer }).click()
  await expect(panel.getByRole('status')).toHaveText(TEXT.en.on)
  const { worker, deliver } = await pushWorker(context, page)
  await page.locator('.notification-bell__toggle').click()
  await expect(panel).toBeHidden()

  const appealId = await createAppeal(page)
  const message = await sentAbout(page, deviceToken, appealId)
  const refreshed = page.waitForResponse((r) => r.url().includes('/gateway/siw/notification?'))
  await deliver(webPushPayload(message))

  const text = `Your appeal No. ${appealId} has been registered and sent to moderation.`
  await expect(page.getByText(`Appeal registered — ${text}`)).toBeVisible()
  await refreshed
  // The bell has it without waiting for its next poll.
  await page.locator('.notification-bell__toggle').click()
  await expect(panel.locator('.notification__message', { hasText: text })).toBeVisible()
  // The page told the user; no system notification on top.
  expect(await shownNotifications(worker)).toEqual([])
})

test('push: when the browser blocks notifications, the bell says so and does not ask again', async ({ page }) => {
  const calls = await stubFirebaseNetwork(page, newDeviceToken())
  await stubPushSubscription(page)
  const panel = await openBell(page, 'businessmen', 'en')
  // Not granted by the test, Chromium answers the prompt with "Block".
  await panel.getByRole('button', { name: TEXT.en.offer }).click()
  const blocked = 'Notifications are blocked in your browser settings.'
  await expect(panel.getByRole('status')).toHaveText(blocked)
  await expect(panel.getByRole('button', { name: TEXT.en.offer })).toHaveCount(0)
  expect(calls).toEqual([])

  await page.reload()
  await waitForHydration(page)
  await page.locator('.notification-bell__toggle').click()
  await expect(panel.getByRole('status')).toHaveText(blocked)
  await expect(panel.getByRole('button', { name: TEXT.en.offer })).toHaveCount(0)
})

test('push: when the device cannot be registered, the bell says push failed and offers it again', async ({
  page,
  context,
  consoleErrors,
}) => {
  const calls = await stubFirebaseNetwork(page, newDeviceToken(), 'fail')
  await stubPushSubscription(page)
  await context.grantPermissions(['notifications'], { origin: PUSH_ORIGIN })
  const panel = await openBell(page, 'investor', 'ru')
  await panel.getByRole('button', { name: TEXT.ru.offer }).click()
  await expect(panel.getByRole('status')).toHaveText('Не удалось включить push-уведомления.')
  await expect(panel.getByRole('button', { name: TEXT.ru.offer })).toBeVisible()
  expect(calls).toContain('fcmregistrations.googleapis.com')
  dropStatusError(consoleErrors, 500)
})

test('push: a device token another signed-in user holds is never taken over: the device subscribes anew and its fresh token is this user’s', async ({
  page,
  context,
  playwright,
  consoleErrors,
}) => {
  const held = newDeviceToken()
  const fresh = newDeviceToken()
  // Another user, still signed in elsewhere, registered this token first.
  const other = await playwright.request.newContext({
    baseURL: PUSH_ORIGIN,
    extraHTTPHeaders: { origin: PUSH_ORIGIN, 'cf-connecting-ip': uniqueIp() },
  })
  const signedIn = await other.post('/gateway/core/auth/login', {
    data: { email: 'investor@demo.invest.example', password: 'Investor#2026', hash: '', role: 'investor' },
  })
  expect(signedIn.status()).toBe(200)
  expect(
    (
      await other.post(`/gateway/core/profile/fcm-token?fcm_token=${encodeURIComponent(held)}`, {
        headers: { 'x-requested-with': 'invest-portal' },
      })
    ).status(),
  ).toBe(200)

  const calls = await stubFirebaseNetwork(page, [held, fresh])
  await stubPushSubscription(page)
  await context.grantPermissions(['notifications'], { origin: PUSH_ORIGIN })
  const panel = await openBell(page, 'businessmen', 'en')
  const answers: { token: string | null; status: number }[] = []
  page.on('response', (r) => {
    if (r.url().includes('/gateway/core/profile/fcm-token'))
      answers.push({ token: new URL(r.url()).searchParams.get('fcm_token'), status: r.status() })
  })
  await panel.getByRole('button', { name: TEXT.en.offer }).click()
  await expect(panel.getByRole('status')).toHaveText(TEXT.en.on)
  expect(answers).toEqual([
    { token: held, status: 409 },
    { token: fresh, status: 200 },
  ])
  expect(calls).toContain('fcmregistrations.googleapis.com DELETE')

  // This user's pushes go to the fresh token; the other user's device keeps its own.
  const appealId = await createAppeal(page)
  expect((await sentAbout(page, fresh, appealId)).token).toBe(fresh)
  await other.dispose()
  dropStatusError(consoleErrors, 409)
})

test('push: a browser without web push is told so instead of being offered it', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager
  })
  const panel = await openBell(page, 'businessmen', 'en')
  await expect(panel.getByRole('status')).toHaveText('This browser cannot receive push notifications.')
  await expect(panel.getByRole('button', { name: TEXT.en.offer })).toHaveCount(0)
})
