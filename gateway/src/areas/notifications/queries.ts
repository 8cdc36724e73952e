/** The notifications area's SQL: the bell's notifications, the devices pushes go to, and whom a user is. */
import type { Locale } from '../../../../contract/locales'
import { col } from '../../lib/lang'

/** Records a notification with its message in each language; answers its id. */
export async function insertNotification(
  db: D1Database,
  n: { userId: number; type: string; messages: Record<Locale, string>; link: string },
  now: Date,
): Promise<number> {
  const inserted = await db
    .prepare(
      'INSERT INTO notifications (user_id, type, message_uz, message_ru, message_en, link, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(n.userId, n.type, n.messages.uz, n.messages.ru, n.messages.en, n.link, now.toISOString())
    .run()
  return inserted.meta.last_row_id
}

/** How many notifications a user has. */
export async function countNotifications(db: D1Database, userId: number): Promise<number> {
  const n = await db
    .prepare('SELECT count(*) AS n FROM notifications WHERE user_id = ?')
    .bind(userId)
    .first<number>('n')
  return n ?? 0
}

type NotificationRow = { id: number; message: string; type: string; link: string; seen: number; created: string }

/** A page of a user's notifications, newest first, in `lang`. */
export async function listNotifications(
  db: D1Database,
  userId: number,
  lang: Locale,
  page: { size: number; offset: number },
): Promise<NotificationRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, ${col('message', lang)}, type, link, seen, created FROM notifications WHERE user_id = ?
       ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .bind(userId, page.size, page.offset)
    .all<NotificationRow>()
  return results
}

/** Marks one of a user's notifications seen; false when the user has none of that id. */
export async function markSeen(db: D1Database, userId: number, id: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE notifications SET seen = 1 WHERE id = ? AND user_id = ?')
    .bind(id, userId)
    .run()
  return result.meta.changes > 0
}

/** Marks every notification of a user seen. */
export async function markAllSeen(db: D1Database, userId: number): Promise<void> {
  await db.prepare('UPDATE notifications SET seen = 1 WHERE user_id = ? AND seen = 0').bind(userId).run()
}

/**
 * The user's newest `limit` push devices whose session was not signed out (or revoked by a password change); an idle
 * session that merely expired keeps its device, since push is how a user who stays away hears of an answer.
 */
export async function listPushDevices(
  db: D1Database,
  userId: number,
  limit: number,
): Promise<{ token: string; lang: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT f.token, f.lang FROM fcm_tokens f LEFT JOIN tokens t ON t.id = f.session_id
       WHERE f.user_id = ? AND t.revoked_at IS NULL ORDER BY f.updated_at DESC, f.rowid DESC LIMIT ?`,
    )
    .bind(userId, limit)
    .all<{ token: string; lang: string }>()
  return results
}

/** Forgets a push token FCM no longer knows. */
export async function deletePushToken(db: D1Database, token: string, userId: number): Promise<void> {
  await db.prepare('DELETE FROM fcm_tokens WHERE token = ? AND user_id = ?').bind(token, userId).run()
}

/** A user's role, which names their realtime channel; null for an unknown user. */
export async function readUserRole(db: D1Database, userId: number): Promise<string | null> {
  const user = await db.prepare('SELECT role FROM users WHERE id = ?').bind(userId).first<{ role: string }>()
  return user?.role ?? null
}

/** An account's stored channel choices (rows only where it chose; no row means yes). */
export async function listChoices(
  db: D1Database,
  userId: number,
): Promise<{ topic: string; channel: string; enabled: number }[]> {
  const { results } = await db
    .prepare('SELECT topic, channel, enabled FROM notification_choices WHERE user_id = ?')
    .bind(userId)
    .all<{ topic: string; channel: string; enabled: number }>()
  return results
}

/** Whether an account said no to a topic on a channel. */
export async function isChoiceOff(db: D1Database, userId: number, topic: string, channel: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT enabled FROM notification_choices WHERE user_id = ? AND topic = ? AND channel = ?')
    .bind(userId, topic, channel)
    .first<{ enabled: number }>()
  return row?.enabled === 0
}

/** Records an account's choices, each a topic on a channel, on or off. */
export async function writeChoices(
  db: D1Database,
  userId: number,
  choices: { topic: string; channel: string; enabled: boolean }[],
  now: Date,
): Promise<void> {
  if (!choices.length) return
  const at = now.toISOString()
  await db.batch(
    choices.map((c) =>
      db
        .prepare(
          `INSERT INTO notification_choices (user_id, topic, channel, enabled, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id, topic, channel) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
        )
        .bind(userId, c.topic, c.channel, c.enabled ? 1 : 0, at),
    ),
  )
}

/**
 * Whether an address refused a topic's mail: by its unsubscribe link, or because the account with that address turned
 * the topic's mail off.
 */
export async function isMailRefused(db: D1Database, email: string, topic: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM mail_refusals WHERE email = ?1 AND topic = ?2)
         OR EXISTS (SELECT 1 FROM notification_choices c JOIN users u ON u.id = c.user_id
                    WHERE u.email = ?1 AND c.topic = ?2 AND c.channel = 'mail' AND c.enabled = 0) AS refused`,
    )
    .bind(email, topic)
    .first<{ refused: number }>()
  return row?.refused === 1
}

/** Records an address's refusal of a topic's mail (a repeat changes nothing). */
export async function insertMailRefusal(db: D1Database, email: string, topic: string, now: Date): Promise<void> {
  await db
    .prepare('INSERT OR IGNORE INTO mail_refusals (email, topic, created_at) VALUES (?, ?, ?)')
    .bind(email, topic, now.toISOString())
    .run()
}

/** Forgets an address's refusal of a topic (its account turned the topic's mail on again). */
export async function deleteMailRefusal(db: D1Database, email: string, topic: string): Promise<void> {
  await db.prepare('DELETE FROM mail_refusals WHERE email = ? AND topic = ?').bind(email, topic).run()
}

/** An account's address, or null for an unknown account. */
export async function readUserEmail(db: D1Database, userId: number): Promise<string | null> {
  const row = await db.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>()
  return row?.email ?? null
}

/**
 * Forgets a user's push devices: one token, or (none given) every token the session `sessionId` registered. Answers
 * how many were forgotten.
 */
export async function deletePushTokens(
  db: D1Database,
  userId: number,
  which: { token: string } | { sessionId: number },
): Promise<number> {
  const result =
    'token' in which
      ? await db.prepare('DELETE FROM fcm_tokens WHERE token = ? AND user_id = ?').bind(which.token, userId).run()
      : await db
          .prepare('DELETE FROM fcm_tokens WHERE session_id = ? AND user_id = ?')
          .bind(which.sessionId, userId)
          .run()
  return result.meta.changes
}

/** Remembers the language a person uses the portal in, for mail about what others decide. */
export async function setUserLang(db: D1Database, userId: number, lang: string): Promise<void> {
  await db.prepare('UPDATE users SET lang = ? WHERE id = ? AND lang IS NOT ?').bind(lang, userId, lang).run()
}

/** An account's address and the language its mail is written in (null when it never said). */
export async function readUserMailbox(db: D1Database, userId: number) {
  return db
    .prepare('SELECT email, lang FROM users WHERE id = ?')
    .bind(userId)
    .first<{ email: string; lang: string | null }>()
}
