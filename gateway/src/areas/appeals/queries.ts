/** The appeals area's SQL: topics and types, appeals with their threads, and the moderators' changes of state. */
import type { Locale } from '../../../../contract/locales'
import type { AppealStatus } from '../../../../contract/operators/values'
import { runWith } from '../../lib/db'
import { col } from '../../lib/lang'

/** An appeal with its topic and type in the request's language and its region. */
export type AppealRow = {
  id: number
  user_id: number | null
  topic_id: number
  topic_title: string
  type_id: number
  type_title: string
  region_id: number
  region_code: string | null
  region_name: string | null
  status: AppealStatus
  reject_reason: string | null
  resolve_reason: string | null
  text: string
  created_at: string
}

const appealSelect = (lang: Locale) => `
  SELECT a.id, a.user_id, a.topic_id, ${col('t.title', lang, 'topic_title')},
    a.type_id, ${col('y.title', lang, 'type_title')}, a.region_id, r.code AS region_code,
    ${col('r.region', lang, 'region_name')}, a.status, a.reject_reason, a.resolve_reason, a.text, a.created_at
  FROM appeals a JOIN appeal_topics t ON t.id = a.topic_id JOIN appeal_topics y ON y.id = a.type_id
  LEFT JOIN regions r ON r.id = a.region_id`

export async function readAppeal(db: D1Database, id: number, lang: Locale): Promise<AppealRow | null> {
  return db
    .prepare(`${appealSelect(lang)} WHERE a.id = ?`)
    .bind(id)
    .first<AppealRow>()
}

/** How many appeals a user has. */
export async function countUserAppeals(db: D1Database, userId: number): Promise<number> {
  return (await db.prepare('SELECT count(*) AS n FROM appeals WHERE user_id = ?').bind(userId).first<number>('n')) ?? 0
}

/** A page of a user's appeals, newest first. */
export async function listUserAppeals(
  db: D1Database,
  userId: number,
  lang: Locale,
  page: { size: number; offset: number },
): Promise<AppealRow[]> {
  const { results } = await db
    .prepare(`${appealSelect(lang)} WHERE a.user_id = ? ORDER BY a.id DESC LIMIT ? OFFSET ?`)
    .bind(userId, page.size, page.offset)
    .all<AppealRow>()
  return results
}

/** The topics (no parent) and types (a topic's children) among two ids. */
export async function readTopicsById(db: D1Database, topicId: number, typeId: number) {
  const { results } = await db
    .prepare('SELECT id, parent_id FROM appeal_topics WHERE id IN (?, ?)')
    .bind(topicId, typeId)
    .all<{ id: number; parent_id: number | null }>()
  return results
}

/** Records an appeal; answers its id. */
export async function insertAppeal(
  db: D1Database,
  appeal: {
    userId: number | null
    fullName: string
    email: string
    topicId: number
    typeId: number
    regionId: number
    text: string
    lang: Locale
  },
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  const row = await db
    .prepare(
      `INSERT INTO appeals (user_id, full_name, email, topic_id, type_id, region_id, text, lang, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      appeal.userId,
      appeal.fullName,
      appeal.email,
      appeal.topicId,
      appeal.typeId,
      appeal.regionId,
      appeal.text,
      appeal.lang,
      at,
      at,
    )
    .first<{ id: number }>()
  return row!.id
}

/** Every topic and type in `lang`, in their order. */
export async function listTopics(db: D1Database, lang: Locale) {
  const { results } = await db
    .prepare(`SELECT id, parent_id, ${col('title', lang)} FROM appeal_topics ORDER BY position, id`)
    .all<{ id: number; parent_id: number | null; title: string }>()
  return results
}

/** The types of one topic, or of every topic. */
export async function listTypes(db: D1Database, lang: Locale, parentId: number | undefined) {
  const where = parentId ? 'parent_id = ?' : 'parent_id IS NOT NULL'
  const stmt = db.prepare(
    `SELECT id, parent_id, ${col('title', lang)} FROM appeal_topics WHERE ${where} ORDER BY position, id`,
  )
  const { results } = await (parentId ? stmt.bind(parentId) : stmt).all()
  return results
}

/** A message of an appeal's thread. */
export type ResponseRow = { id: number; admin: string | null; created: string; response: string; owner: number }

/** How many messages an appeal's thread has. */
export async function countResponses(db: D1Database, appealId: number): Promise<number> {
  const n = await db
    .prepare('SELECT count(*) AS n FROM appeal_responses WHERE appeal_id = ?')
    .bind(appealId)
    .first<number>('n')
  return n ?? 0
}

/** A page of an appeal's thread, oldest first. */
export async function listResponses(
  db: D1Database,
  appealId: number,
  page: { size: number; offset: number },
): Promise<ResponseRow[]> {
  const { results } = await db
    .prepare(
      'SELECT id, admin, created, response, owner FROM appeal_responses WHERE appeal_id = ? ORDER BY id LIMIT ? OFFSET ?',
    )
    .bind(appealId, page.size, page.offset)
    .all<ResponseRow>()
  return results
}

/** The applicant's reply in an appeal's thread. */
export async function insertOwnerReply(db: D1Database, appealId: number, response: string, now: Date) {
  const row = await db
    .prepare(
      'INSERT INTO appeal_responses (appeal_id, admin, owner, response, created) VALUES (?, NULL, 1, ?, ?) RETURNING id, admin, created, response, owner',
    )
    .bind(appealId, response, now.toISOString())
    .first<ResponseRow>()
  return row!
}

/**
 * Closes a reviewed appeal as resolved or not, with the applicant's reason; false when it is no longer reviewed. The
 * status guard in SQL keeps two concurrent resolutions from both succeeding.
 */
export async function resolveAppeal(
  db: D1Database,
  id: number,
  outcome: { status: 'resolved' | 'not_resolved'; reason: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .prepare("UPDATE appeals SET status = ?, resolve_reason = ?, updated_at = ? WHERE id = ? AND status = 'reviewed'")
    .bind(outcome.status, outcome.reason, now.toISOString(), id)
    .run()
  return result.meta.changes === 1
}

/** What a moderation decision needs of an appeal: whose it is, how to reach them, its state and language. */
export type AppealRecord = { id: number; user_id: number | null; email: string; status: AppealStatus; lang: string }

/** An appeal's record; a signed-in author is reached at their account's address as it is now. */
export async function readAppealRecord(db: D1Database, id: number): Promise<AppealRecord | null> {
  return db
    .prepare(
      `SELECT a.id, a.user_id, coalesce(u.email, a.email) AS email, a.status, a.lang
       FROM appeals a LEFT JOIN users u ON u.id = a.user_id WHERE a.id = ?`,
    )
    .bind(id)
    .first<AppealRecord>()
}

/**
 * Moves an appeal from `from` to `reviewed` and adds the moderator's reply to its thread, in one transaction; false
 * when another moderator changed it first (the status guard decides).
 */
export async function reviewAppeal(
  db: D1Database,
  id: number,
  change: { from: AppealStatus; admin: string; reply: string },
  now: Date,
  also: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const at = now.toISOString()
  const [moved] = await db.batch([
    db
      .prepare("UPDATE appeals SET status = 'reviewed', updated_at = ? WHERE id = ? AND status = ?")
      .bind(at, id, change.from),
    db
      .prepare(
        'INSERT INTO appeal_responses (appeal_id, admin, owner, response, created) SELECT ?, ?, 0, ?, ? WHERE changes() = 1',
      )
      .bind(id, change.admin, change.reply, at),
    ...also,
  ])
  return moved!.meta.changes === 1
}

/** Rejects an appeal still in moderation with a reason; false when it is no longer in moderation. */
export async function rejectAppealInModeration(
  db: D1Database,
  id: number,
  reason: string | null,
  now: Date,
  also: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const reject = db
    .prepare(
      "UPDATE appeals SET status = 'not_resolved', reject_reason = ?, updated_at = ? WHERE id = ? AND status = 'in_moderation'",
    )
    .bind(reason, now.toISOString(), id)
  return (await runWith(db, reject, also)) === 1
}
