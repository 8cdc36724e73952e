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
