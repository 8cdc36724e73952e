/**
 * Where the push specs run: a second portal with push configured (Firebase's public config and a VAPID key for the
 * page, a service account for the gateway) beside the main one, and the stand-in for Google (`test/fcm-stand-in.ts`)
 * that the gateway sends its FCM calls to. Ports follow E2E_PORT: the main portal on it, this portal on the next, the
 * stand-in on the one after.
 */
import type { Page } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 8790)

export const PUSH_PORT = PORT + 1
export const PUSH_ORIGIN = `http://127.0.0.1:${PUSH_PORT}`
export const FCM_STAND_IN_PORT = PORT + 2
export const FCM_STAND_IN_ORIGIN = `http://127.0.0.1:${FCM_STAND_IN_PORT}`

/** The Firebase project of these tests: the page's config and the gateway's service account name the same one. */
export const FIREBASE_PROJECT = 'invest-portal-e2e'
export const FIREBASE_CONFIG = {
  apiKey: 'e2e-api-key',
  projectId: FIREBASE_PROJECT,
  messagingSenderId: '1234567890',
  appId: '1:1234567890:web:e2e',
}
// A valid P-256 public key (65 bytes, uncompressed), base64url: Firebase checks its shape.
export const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
export const SERVICE_ACCOUNT_EMAIL = `gateway-push@${FIREBASE_PROJECT}.iam.gserviceaccount.com`

/** What Firebase's installations service answers the page's SDK (the network boundary the specs stand in for). */
export const FIREBASE_INSTALLATION = JSON.stringify({
  name: 'projects/1234567890/installations/fid-e2e',
  fid: 'cXbRp5C3Zz0AAAAAAAAAAA',
  refreshToken: 'refresh-e2e',
  authToken: { token: 'auth-e2e', expiresIn: '604800s' },
})

/**
 * Headless Chromium has no push service: the subscription the browser would create is stubbed, before any script runs.
 */
export async function stubPushSubscription(page: Page) {
  await page.addInitScript(() => {
    const key = (n: number) => new Uint8Array(n).map((_, i) => (i * 7 + 1) % 256).buffer
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-endpoint',
      expirationTime: null,
      options: {},
      getKey: (name: string) => key(name === 'p256dh' ? 65 : 16),
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-endpoint', keys: {} }),
      unsubscribe: async () => true,
    }
    let subscribed = false
    PushManager.prototype.getSubscription = async () =>
      (subscribed ? subscription : null) as unknown as PushSubscription
    PushManager.prototype.subscribe = async () => {
      subscribed = true
      return subscription as unknown as PushSubscription
    }
  })
}
