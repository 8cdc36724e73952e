/**
 * Changing an account's e-mail (docs/gateway-contract.md#account): the new address gets a single-use link, valid 24
 * hours, and the address changes only when it is opened, so nobody takes an address they cannot read; the old address
 * is then told; both are needed mail, which no choice turns off (docs/product.md#mail). A resident's address is only a
 * contact (OneID signs them in), and changes the same way.
 */
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AuthUser } from '../../lib/context'
import { createSecret, sha256Hex } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { EMAIL_CHANGE_LIMIT, isOverLimit } from '../../lib/rate-limit'
import { failValidation } from '../../lib/validate'
import { queueMail } from '../mail/send'
import { isUniqueViolation } from '../profile/accounts'
import { isEmailTaken } from '../profile/queries'
import { findLiveEmailChange, replaceEmailChange, setAccountEmail, spendEmailChange } from './queries'

/** How long the link to confirm a new address works. */
const EMAIL_CHANGE_LIFETIME_MS = 24 * 3600_000

/**
 * Mails a link that confirms `newEmail` to that address, voiding the account's earlier links. The answer is the same
 * when another account has the address, so the form tells nobody whose address it is; that address gets no link.
 * 422 naming `email` when it is the account's own already; 429 after 5 requests in an hour.
 */
export async function requestEmailChange(
  env: Env,
  user: AuthUser,
  newEmail: string,
  lang: Locale,
  now: Date,
): Promise<void> {
  if (newEmail === user.email.toLowerCase()) failValidation(['email'])
  const limit = { key: `email-change:${user.id}`, ...EMAIL_CHANGE_LIMIT }
  if (await isOverLimit(env.DB, limit, now.getTime())) throw new GatewayError(429, 'too_many_attempts')
  if (await isEmailTaken(env.DB, newEmail)) return
  const uuid = crypto.randomUUID()
  const token = createSecret(32)
  await replaceEmailChange(
    env.DB,
    {
      uuid,
      userId: user.id,
      newEmail,
      tokenHash: await sha256Hex(token),
      lang,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
    },
    now,
  )
  const link = `${readConfig(env).portalOrigin}/${lang}/auth/confirm-email?${new URLSearchParams({ uuid, token })}`
  await queueMail(env, now, { kind: 'email-change', to: newEmail, lang, userId: user.id, props: { link } })
}

const invalidLink = () => new GatewayError(400, 'invalid_email_link')

/**
 * Changes the address a link was mailed for, once: 400 `invalid_email_link` for a link that is unknown, used, expired,
 * replaced by a newer one or of an account blocked or deleted since; 409 `already_registered` (naming `email`) when
 * another account took the address meanwhile. The old address gets a notice, in the language the change was asked in.
 */
export async function confirmEmailChange(
  env: Env,
  link: { uuid: string; token: string },
  now: Date,
): Promise<{ email: string }> {
  const change = await findLiveEmailChange(env.DB, link.uuid, now)
  if (!change || change.token_hash !== (await sha256Hex(link.token))) throw invalidLink()
  if (!(await spendEmailChange(env.DB, change.id, now))) throw invalidLink()
  try {
    await setAccountEmail(env.DB, change.user_id, change.new_email, now)
  } catch (err) {
    if (isUniqueViolation(err, 'users.email'))
      throw new GatewayError(409, 'already_registered', 'already_registered', ['email'])
    throw err
  }
  await queueMail(env, now, {
    kind: 'email-changed',
    to: change.old_email,
    lang: readLang(change.lang),
    userId: change.user_id,
    props: { newEmail: change.new_email },
  })
  return { email: change.new_email }
}
