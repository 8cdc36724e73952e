/**
 * Notifications the gateway creates when appeals and projects change state (docs/gateway-contract.md#notifications).
 */
import type { Locale } from '../../../../contract/locales'
import type { RequestScope } from '../../lib/context'
import { mayTell, topicOfNotification } from './choices'
import { type NotificationType, TEMPLATES } from './messages'
import { queuePush } from './push'
import { insertNotification } from './queries'
import { publishToUser } from './realtime'

/** Portal paths (without the language prefix) a notification opens. */
export const notificationLinks = {
  appeal: (id: number) => `/profile/appeals/${id}`,
  project: (id: number) => `/profile/my-projects/form/${id}`,
  none: () => '',
}

/**
 * Creates a notification for a user. `subject` fills the template: an appeal number, or a project or event
 * title per language (a project's title is stored per language, so each message uses its own). `request` is the
 * request that made it, whose `waitUntil` pushes and publishes it; without one (seeding) it is only stored.
 */
export async function createNotification(
  request: RequestScope | null,
  db: D1Database,
  userId: number,
  type: NotificationType,
  subject: string | Record<Locale, string>,
  link: string,
  now: Date,
): Promise<void> {
  const t = TEMPLATES[type]
  const s = (lang: Locale) => (typeof subject === 'string' ? subject : subject[lang])
  const messages = { uz: t.uz(s('uz')), ru: t.ru(s('ru')), en: t.en(s('en')) }
  const id = await insertNotification(db, { userId, type, messages, link }, now)
  if (!request) return
  // Push to the user's devices (docs/gateway-contract.md#push): after the response, only with FCM credentials, and
  // only when the user wants this topic pushed (docs/product.md#notification-choices). The bell hears regardless.
  const topic = topicOfNotification(type)
  if (!topic || (await mayTell(db, { userId }, topic, 'push'))) queuePush(request, { id, userId, type, link, messages })
  // Realtime: the user's open pages refresh their bell (after the response; never fails this call).
  publishToUser(request, userId, { type: 'notification', kind: type })
}
