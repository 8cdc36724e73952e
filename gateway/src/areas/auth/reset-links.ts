/**
 * Single-use links that set an account's password: the forgot-password mail's reset link, and the set-password link
 * an approved registration mails to a non-resident (docs/product.md#registration). Each link has its own lifetime,
 * stored with it as `expires_at`.
 */
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { Role } from '../../lib/context'
import { createSecret, sha256Hex } from '../../lib/crypto'
import { replacePasswordLink } from './queries'

/** Reset links live one hour. */
export const RESET_LINK_LIFETIME_MS = 3600_000
/** A new account's set-password link lives 72 hours: the applicant may read the mail days after the decision. */
export const WELCOME_LINK_LIFETIME_MS = 72 * 3600_000

/** Why a link was sent; `welcome` lets the portal's page say "set your password" rather than "reset". */
export type LinkPurpose = 'reset' | 'welcome'

/**
 * Issues a fresh link for `user` (its earlier live links stop working) and returns it: the portal's reset-password
 * page in `lang`, carrying `time`, `token`, `email`, `uuid`, `role` and, for a new account, `purpose=welcome`.
 */
export async function issuePasswordLink(
  env: Env,
  user: { id: number; email: string; role: Role },
  lang: Locale,
  options: { lifetimeMs: number; purpose: LinkPurpose; now: Date },
): Promise<string> {
  const { now } = options
  const uuid = crypto.randomUUID()
  const token = createSecret(32)
  const time = String(now.getTime())
  const expiresAt = new Date(now.getTime() + options.lifetimeMs)
  await replacePasswordLink(env.DB, { uuid, userId: user.id, tokenHash: await sha256Hex(token), time, expiresAt }, now)
  const query = new URLSearchParams({ time, token, email: user.email, uuid, role: user.role })
  if (options.purpose === 'welcome') query.set('purpose', 'welcome')
  // The host comes from configuration, never from the request (ASVS V6.4.x: no Host-header poisoning).
  return `${readConfig(env).portalOrigin}/${lang}/auth/reset-password?${query}`
}
