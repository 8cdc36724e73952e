/**
 * Each person's choice of channels (docs/product.md#notification-choices, docs/decisions/0047-notification-choices.md):
 * the one answer to "may we tell this person about this topic by this channel?", which every optional mail and every
 * push asks, and the calls that change it (the profile's Notifications page, a mail's unsubscribe link).
 */
import {
  CHANNELS,
  type Channel,
  type MailTopic,
  NOTIFICATION_TOPICS,
  type NotificationTopic,
} from '../../../../contract/gateway/channels'
import type { NotificationType } from './messages'
import {
  deleteMailRefusal,
  insertMailRefusal,
  isChoiceOff,
  isMailRefused,
  listChoices,
  readUserEmail,
  writeChoices,
} from './queries'

/** Whom a notice is for: an account (and its address), or an address without one. */
export type Recipient = { userId: number; email?: string } | { userId?: undefined; email: string }

/**
 * May we tell this person about `topic` by `channel`? An account is asked by its own choices (yes until it says no);
 * an address without an account by whether it refused the topic (its unsubscribe link, or the choices of the account
 * that has the address). Push reaches accounts only. The bell is not a channel: it always hears.
 */
export async function mayTell(
  db: D1Database,
  recipient: Recipient,
  topic: MailTopic,
  channel: Channel,
): Promise<boolean> {
  if (recipient.userId !== undefined) return !(await isChoiceOff(db, recipient.userId, topic, channel))
  if (channel === 'push') return false
  return !(await isMailRefused(db, recipient.email, topic))
}

/** An account's choices: every topic on every channel, on unless it said no. */
export type Choices = Record<NotificationTopic, Record<Channel, boolean>>

export async function readChoices(db: D1Database, userId: number): Promise<Choices> {
  const stored = await listChoices(db, userId)
  const isOn = (topic: string, channel: string) =>
    stored.find((c) => c.topic === topic && c.channel === channel)?.enabled !== 0
  return Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [topic, Object.fromEntries(CHANNELS.map((ch) => [ch, isOn(topic, ch)]))]),
  ) as Choices
}

/**
 * Records an account's choices. Turning a topic's mail on again also lifts a refusal its address made through an
 * unsubscribe link, so the account's own choice is what counts.
 */
export async function saveChoices(db: D1Database, userId: number, choices: Choices, now: Date): Promise<void> {
  const rows = NOTIFICATION_TOPICS.flatMap((topic) =>
    CHANNELS.map((channel) => ({ topic, channel, enabled: choices[topic][channel] })),
  )
  await writeChoices(db, userId, rows, now)
  const email = await readUserEmail(db, userId)
  if (!email) return
  for (const topic of NOTIFICATION_TOPICS) if (choices[topic].mail) await deleteMailRefusal(db, email, topic)
}

/** Turns a topic's mail off for an account (its choice) or an address (a refusal): what an unsubscribe link does. */
export async function refuseMail(
  db: D1Database,
  who: { userId: number } | { email: string },
  topic: MailTopic,
  now: Date,
): Promise<void> {
  if ('userId' in who) {
    if ((NOTIFICATION_TOPICS as readonly string[]).includes(topic))
      await writeChoices(db, who.userId, [{ topic, channel: 'mail', enabled: false }], now)
    return
  }
  await insertMailRefusal(db, who.email.toLowerCase(), topic, now)
}

/** The topic a notification belongs to, whose push choice decides whether it is pushed; null: always pushed. */
export function topicOfNotification(type: NotificationType): NotificationTopic | null {
  if (type.includes('appeal')) return 'appeals'
  if (type.includes('project')) return 'projects'
  if (type === 'event_registration') return 'events'
  return null
}
