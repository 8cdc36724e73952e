/**
 * Push notifications: each new notification goes through FCM to every device the user registered, in the language
 * that device registered in, after the response (`waitUntil`). Without FCM_SERVICE_ACCOUNT nothing is sent
 * (docs/gateway-contract.md#push).
 */
import { isLocale, type Locale } from '../../../../contract/locales'
import { type FcmMessage, getAccessToken, sendFcmMessage } from '../../integrations/fcm'
import { type Config, type PushConfig, readConfig } from '../../lib/config'
import type { RequestScope } from '../../lib/context'
import { type NotificationType, TITLES } from './messages'
import { deletePushToken, listPushDevices } from './queries'

/** A notification as it was stored: its id, type, locale-less link and message in each language. */
export type PushNotification = {
  id: number
  userId: number
  type: NotificationType
  link: string
  messages: Record<Locale, string>
}

/** Devices a notification reaches at most: the user's most recently registered ones. */
export const PUSH_DEVICE_LIMIT = 10

/** Where a notification without a link takes the user: the profile, beside the bell. */
const DEFAULT_PATH = '/profile'

/** The push title of a notification type in a language. */
function pushTitle(type: NotificationType, lang: Locale): string {
  return TITLES[type][lang]
}

/**
 * The FCM message for one device. `data.link` is the page to open: the notification's link under the device's
 * language (`/{lang}{link}`), which the service worker opens on a click; `webpush.fcm_options.link` (FCM accepts it
 * only over HTTPS) is the same page as a full URL.
 */
function composePushMessage(
  n: PushNotification,
  device: { token: string; lang: Locale },
  portalOrigin: string,
): FcmMessage {
  const path = `/${device.lang}${n.link || DEFAULT_PATH}`
  const message: FcmMessage = {
    token: device.token,
    notification: { title: pushTitle(n.type, device.lang), body: n.messages[device.lang] },
    data: { link: path, type: n.type, id: String(n.id), lang: device.lang },
  }
  if (portalOrigin.startsWith('https://')) message.webpush = { fcm_options: { link: `${portalOrigin}${path}` } }
  return message
}

/** Sends a notification to the user's devices and deletes the tokens FCM no longer knows. */
async function deliverPush(
  db: D1Database,
  config: PushConfig,
  portalOrigin: string,
  n: PushNotification,
  accessToken: () => Promise<string>,
): Promise<void> {
  const account = config.account
  if (!account) return
  // A device whose session was signed out (or revoked by a password change) gets nothing; an idle session that merely
  // expired keeps its device, since push is how a user who stays away hears of an answer.
  const results = await listPushDevices(db, n.userId, PUSH_DEVICE_LIMIT)
  if (!results.length) return
  const bearer = await accessToken()
  await Promise.all(
    results.map(async (row) => {
      const lang = isLocale(row.lang) ? row.lang : 'en'
      const result = await sendFcmMessage(
        config,
        account,
        bearer,
        composePushMessage(n, { token: row.token, lang }, portalOrigin),
      )
      if (result === 'unregistered') await deletePushToken(db, row.token, n.userId)
    }),
  )
}

// One access-token request per request at most, however many notifications it creates; keyed by the request's
// execution context, so no promise outlives or crosses its request.
const pendingTokens = new WeakMap<object, Promise<string>>()

/**
 * Queues the push of a notification just created, in `waitUntil` of the request that created it, so that request is
 * not slowed. Without FCM credentials it does nothing.
 */
export function queuePush(request: RequestScope, n: PushNotification): void {
  let config: Config
  try {
    config = readConfig(request.env)
  } catch (err) {
    // The notification is stored already; a broken push configuration must not fail the request that made it.
    console.error(
      JSON.stringify({ level: 'error', msg: 'push not sent', error: err instanceof Error ? err.message : String(err) }),
    )
    return
  }
  const account = config.push.account
  if (!account) return
  const ctx = request.executionCtx
  const accessToken = () => {
    let pending = pendingTokens.get(ctx)
    if (!pending) {
      pending = getAccessToken(config.push, account)
      pendingTokens.set(ctx, pending)
    }
    return pending
  }
  ctx.waitUntil(
    deliverPush(request.env.DB, config.push, config.portalOrigin, n, accessToken).catch((err: unknown) => {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'push delivery failed',
          requestId: request.requestId,
          error: err instanceof Error ? err.message : String(err),
        }),
      )
    }),
  )
}
