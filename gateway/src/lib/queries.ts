/** The SQL of the gateway's own plumbing: the rate-limit counters (`rate-limit.ts`). */

/** Counts one event under `key` in a window of `windowMs` (a new window when the old one ended); returns the count. */
export async function countHit(db: D1Database, key: string, windowMs: number, nowMs: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start_ms <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start_ms = CASE WHEN window_start_ms <= ?2 - ?3 THEN ?2 ELSE window_start_ms END
       RETURNING count`,
    )
    .bind(key, nowMs, windowMs)
    .first<{ count: number }>()
  return row?.count ?? 1
}

/** Gives one counted attempt back (it succeeded, or it was refused before it was tried). */
export async function refundAttempt(db: D1Database, key: string): Promise<void> {
  await db.prepare('UPDATE rate_limits SET count = max(count - 1, 0) WHERE key = ?').bind(key).run()
}

/** Forgets a counter (a successful login clears its client's failures). */
export async function clearLimit(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key).run()
}

/** Forgets every counter named `key`, or starting with `prefix`. */
export async function clearLimitsLike(db: D1Database, key: string, prefix: string): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?1 OR substr(key, 1, length(?2)) = ?2').bind(key, prefix).run()
}
