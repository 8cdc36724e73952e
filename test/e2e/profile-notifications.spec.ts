/**
 * The notification bell (docs/gateway-contract.md#notifications): unread count, infinite scroll, mark read, open the
 * link; and Firebase Cloud
 * Messaging tested at its boundary — the page's public config switched on, the service worker script and Firebase's
 * network calls intercepted, the browser's push subscription stubbed (headless Chromium has no push service).
 */
import type { Page } from '@playwright/test'
import { newAccount, signInWithOneId, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { FIREBASE_INSTALLATION, stubPushSubscription } from './push-config'
import { href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

/** Region ids: a region's id is its SOATO code (docs/operations.md#reference-catalogues). */
const REGION_IDS = [1703, 1706, 1708, 1710, 1712, 1714, 1718, 1722, 1724, 1726, 1727, 1730, 1733, 1735]

/** Creates appeals through the gateway proxy as the signed-in user; each one brings a `new_appeal` notification. */
async function createAppeals(page: Page, baseURL: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/gateway/siw/appeal', {
      headers: { origin: baseURL, 'x-requested-with': 'invest-portal' },
      data: {
        topic_id: 1,
        type_id: 7,
        region_id: REGION_IDS[i % REGION_IDS.length],
        text: `Question ${i + 1} about VAT refunds for imported equipment.`,
      },
    })
    expect(res.status()).toBe(200)
  }
}

test('the bell counts unread notifications, loads more as the list scrolls, marks read and opens the link', async ({
  page,
  request,
  baseURL,
}) => {
  // An account of its own: specs running beside this one notify the shared demo accounts.
  await signInWithPassword(page, await newAccount(request, baseURL!, page))
  await createAppeals(page, baseURL!, 11)
  await page.goto(href('profile', { locale: 'en' }))
  await waitForHydration(page)

  const toggle = page.locator('.notification-bell__toggle')
  await expect(toggle).toHaveAttribute('aria-label', /^Notifications, \d+\+? unread$/)
  await toggle.click()
  const panel = page.getByRole('region', { name: 'Notifications', exact: true })
  const items = panel.locator('.notification')
  await expect(items).toHaveCount(10)
  // No Firebase in this portal's config: no push option.
  await expect(panel.getByRole('button', { name: 'Turn on push notifications' })).toHaveCount(0)
  await checkA11y(page)

  await panel.locator('.notification-bell__more').scrollIntoViewIfNeeded()
  await expect.poll(() => items.count()).toBeGreaterThan(10)

  const before = await panel.locator('.notification--unread').count()
  await items.first().getByRole('button', { name: 'Mark as read' }).click()
  await expect.poll(() => panel.locator('.notification--unread').count()).toBe(before - 1)

  const link = items.nth(1).getByRole('link')
  const target = await link.getAttribute('href')
  expect(target).toMatch(/^\/en\/profile\/appeals\/\d+$/)
  await link.click()
  await page.waitForURL((url) => url.pathname === target)
  // The address changes as the next page starts to render; the bell closes once it is on screen.
  const appealId = target!.split('/').pop()
  await expect(page.getByRole('heading', { level: 1, name: `Appeal No. ${appealId}` })).toBeVisible()
  await expect(panel).toBeHidden()

  await toggle.click()
  await panel.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(toggle).toHaveAttribute('aria-label', 'Notifications')
  await expect(panel.locator('.notification--unread')).toHaveCount(0)
})

const FIREBASE = {
  apiKey: 'test-api-key',
  projectId: 'invest-portal-test',
  messagingSenderId: '1234567890',
  appId: '1:1234567890:web:abc',
}
// A valid P-256 public key (65 bytes, uncompressed), base64url: Firebase checks its shape.
const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
const FCM_TOKEN = 'fcm-test-token:APA91b-e2e'

/** Switches Firebase on in the documents' embedded config and lets the page reach Firebase's (intercepted) hosts. */
async function configureFirebase(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/en'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const body = (await response.text()).replace(
        '"firebase":null,"vapidKey":null',
        `"firebase":${JSON.stringify(FIREBASE)},"vapidKey":"${VAPID}"`,
      )
      const headers = { ...response.headers() }
      headers['content-security-policy'] = headers['content-security-policy']!.replace(
        "connect-src 'self'",
        "connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com",
      )
      await route.fulfill({ response, body, headers })
    },
  )
  // The edge serves the real worker only with a config; here a same-origin stand-in takes its place.
  await page.context().route('**/firebase-messaging-sw.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "self.addEventListener('install', () => self.skipWaiting()); self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))",
    }),
  )
  await page.route('https://firebaseinstallations.googleapis.com/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: FIREBASE_INSTALLATION,
    }),
  )
  await page.route('https://fcmregistrations.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ token: FCM_TOKEN }) }),
  )
  await stubPushSubscription(page)
}

test('push: asked from the button, the token goes to the gateway, a foreground message toasts and refreshes the bell', async ({
  page,
  context,
}) => {
  await signInWithOneId(page, 'businessmen')
  await configureFirebase(page)
  await page.goto(href('profile', { locale: 'en' }))
  await waitForHydration(page)
  // Nothing of Firebase is loaded until push is started.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /firebase/i.test(n)),
  )
  expect(scripts.filter((n) => !n.endsWith('/firebase-messaging-sw.js'))).toEqual([])

  const toggle = page.locator('.notification-bell__toggle')
  await toggle.click()
  const panel = page.getByRole('region', { name: 'Notifications', exact: true })
  const button = panel.getByRole('button', { name: 'Turn on push notifications' })
  await expect(button).toBeVisible()
  expect(await page.evaluate(() => Notification.permission)).toBe('default')
  // The user says yes to the browser's prompt the button brings up.
  await context.grantPermissions(['notifications'])
  const registration = page.waitForRequest((r) => r.url().includes('/gateway/core/profile/fcm-token'))
  await button.click()
  const sent = await registration
  expect(new URL(sent.url()).searchParams.get('fcm_token')).toBe(FCM_TOKEN)
  expect((await sent.response())?.status()).toBe(200)
  await expect(panel.getByText('Push notifications are on')).toBeVisible()

  // A foreground push, as the Firebase service worker posts it to the page.
  const refreshed = page.waitForRequest((r) => r.url().includes('/gateway/siw/notification?'))
  await page.evaluate(() => {
    navigator.serviceWorker.dispatchEvent(
      new MessageEvent('message', {
        data: {
          isFirebaseMessaging: true,
          messageType: 'push-received',
          from: '1234567890',
          fcmMessageId: 'm-1',
          notification: { title: 'Appeal answered', body: 'The agency has replied to your appeal.' },
          data: { link: '/profile/appeals/1' },
        },
      }),
    )
  })
  await expect(page.getByText('Appeal answered — The agency has replied to your appeal.')).toBeVisible()
  await refreshed
})
