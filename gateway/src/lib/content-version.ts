/**
 * The content version (docs/decisions/0031-publishing.md): a number that changes whenever what readers see changes — a
 * publish, an unpublish, an edit of something published, the cron's publications. The portal's payload cache keys
 * carry it, so the first request after a change, in any isolate, misses the old entries.
 */

/** The version before anything was ever published from the console. */
const FIRST_VERSION = 1

/** The current content version. */
export async function readContentVersion(db: D1Database): Promise<number> {
  const version = await db.prepare('SELECT version FROM content_state WHERE id = 1').first<number>('version')
  return version ?? FIRST_VERSION
}

/**
 * The statement that moves the version on: to the later of version + 1 and the time in ms, so a database restored from
 * an older backup (or wiped) never hands out a number the portal has already cached under.
 */
export function bumpContentVersion(db: D1Database, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO content_state (id, version) VALUES (1, max(?1, ${FIRST_VERSION + 1}))
       ON CONFLICT (id) DO UPDATE SET version = max(version + 1, ?1)`,
    )
    .bind(now.getTime())
}
