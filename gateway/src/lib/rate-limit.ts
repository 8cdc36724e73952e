/** Fixed-window counters in D1 (login failures per account and IP, public form posts per IP). */
import type { Context } from 'hono'

/** A counter key with its window. */
export type Limit = { key: string; max: number; windowMs: number }

/** Failed sign-ins (and wrong old passwords) per account. */
export const LOGIN_ACCOUNT_LIMIT = { max: 5, windowMs: 15 * 60_000 }
/** Failed sign-ins per client address. */
export const LOGIN_IP_LIMIT = { max: 20, windowMs: 15 * 60_000 }
/** Public form posts per client address and form. */
export const FORM_IP_LIMIT = { max: 20, windowMs: 10 * 60_000 }
/** Reset mails per account (excess requests are answered the same, silently). */
export const RESET_MAIL_LIMIT = { max: 3, windowMs: 60 * 60_000 }

/**
 * The client address: `CF-Connecting-IP` when Cloudflare set it (a request from the internet), else the first
 * `X-Forwarded-For` entry the portal adds when it calls us over the service binding; `unknown` otherwise.
 */
export function readClientIp(c: Context): string {
  const direct = c.req.header('CF-Connecting-IP')?.trim()
  if (direct) return direct
  return c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() || 'unknown'
}

/** True when the window of `limit` has already reached `max`. */
export async function isLimited(db: D1Database, limit: Limit, nowMs: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT count, window_start_ms FROM rate_limits WHERE key = ?')
    .bind(limit.key)
    .first<{ count: number; window_start_ms: number }>()
  return !!row && row.window_start_ms > nowMs - limit.windowMs && row.count >= limit.max
}

/** Counts one event in the window of `limit` (starting a new window when the old one ended); returns the count. */
export async function countHit(db: D1Database, limit: Limit, nowMs: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, count, window_start_ms) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start_ms <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start_ms = CASE WHEN window_start_ms <= ?2 - ?3 THEN ?2 ELSE window_start_ms END
       RETURNING count`,
    )
    .bind(limit.key, nowMs, limit.windowMs)
    .first<{ count: number }>()
  return row?.count ?? 1
}

/** Forgets a counter (a successful login clears its account's failures). */
export async function clearLimit(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE key = ?').bind(key).run()
}
