/**
 * Fixed-window counters in D1 (login failures per account and IP, public form posts per IP): the limits and how an
 * attempt takes them; the counters' SQL is `queries.ts`'s.
 */
import type { Context } from 'hono'
import { countHit, refundAttempt } from './queries'

/** A counter key with its window. */
export type Limit = { key: string; max: number; windowMs: number }

/**
 * Sign-in attempts per account from one client: five, then that client waits. Keyed by account and client, so an
 * attacker's five wrong passwords do not lock the owner out on their own device.
 */
export const LOGIN_ACCOUNT_CLIENT_LIMIT = { max: 5, windowMs: 15 * 60_000 }
/**
 * Sign-in attempts from a device that signed in to the account before (docs/security.md#sign-in-throttling): its own
 * budget, in place of the shared ones below, so nobody else's failures count against it.
 */
export const LOGIN_DEVICE_LIMIT = { max: 5, windowMs: 15 * 60_000 }
/** Sign-in attempts per account from all clients together: the cap on a guessing attack spread over many addresses. */
export const LOGIN_ACCOUNT_LIMIT = { max: 50, windowMs: 15 * 60_000 }
/** Wrong old passwords when changing it (a signed-in user, so per account). */
export const CHANGE_PASSWORD_LIMIT = { max: 5, windowMs: 15 * 60_000 }
/** Failed sign-ins per client address. */
export const LOGIN_IP_LIMIT = { max: 20, windowMs: 15 * 60_000 }
/** Public form posts per client address and form. */
export const FORM_IP_LIMIT = { max: 20, windowMs: 10 * 60_000 }
/** Reset mails per account (excess requests are answered the same, silently). */
export const RESET_MAIL_LIMIT = { max: 3, windowMs: 60 * 60_000 }
/** Links to confirm a new e-mail address, per account (docs/gateway-contract.md#account). */
export const EMAIL_CHANGE_LIMIT = { max: 5, windowMs: 60 * 60_000 }
/** Downloads of one's data asked for, per account and day (docs/gateway-contract.md#data-export). */
export const EXPORT_LIMIT = { max: 10, windowMs: 24 * 60 * 60_000 }
/**
 * Mails public forms send to one address a day, however many senders type it (docs/security.md#mail-limits): receipts
 * and repeated-registration notices. Over it the form still succeeds and the mail is dropped with a log line.
 */
export const MAIL_ADDRESS_LIMIT = { max: 5, windowMs: 24 * 60 * 60_000 }

/** The one counter of mail from public forms to `email`: every form that mails a typed address takes from it. */
export function mailAddressLimit(email: string): Limit {
  return { key: `mail:address:${email.toLowerCase()}`, ...MAIL_ADDRESS_LIMIT }
}

/**
 * The client address: `CF-Connecting-IP` when Cloudflare set it (a request from the internet), else the first
 * `X-Forwarded-For` entry the portal adds when it calls us over the service binding; `unknown` otherwise.
 */
export function readClientIp(c: Context): string {
  const direct = c.req.header('CF-Connecting-IP')?.trim()
  if (direct) return direct
  return c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() || 'unknown'
}

/**
 * Counts an attempt before it is checked, against each limit in turn, and answers false when one is exhausted (the
 * counters taken so far are given back). Counting first is what makes it hold under concurrency: fifty parallel
 * guesses each take a number, and only the first `max` go on to be verified.
 */
export async function takeAttempt(db: D1Database, limits: readonly Limit[], nowMs: number): Promise<boolean> {
  const taken: Limit[] = []
  for (const limit of limits) {
    const count = await countHit(db, limit.key, limit.windowMs, nowMs)
    if (count > limit.max) {
      await Promise.all(taken.map((t) => refundAttempt(db, t.key)))
      return false
    }
    taken.push(limit)
  }
  return true
}

/** Counts one hit of `limit` and says whether it is over (429 `too_many_attempts` for the caller to throw). */
export async function isOverLimit(db: D1Database, limit: Limit, nowMs: number): Promise<boolean> {
  return (await countHit(db, limit.key, limit.windowMs, nowMs)) > limit.max
}
