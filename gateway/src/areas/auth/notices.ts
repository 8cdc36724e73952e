/**
 * The account's security notices, mailed whatever the person chose (docs/product.md#mail): a changed password, with
 * the way to take the account back, and a sign-in from a new browser (docs/security.md#new-sign-in-notice). Every sign-in, with a password or
 * OneID, trusts the browser it came from (a device token, `devices.ts`); when that browser presented no device of the
 * account although another browser had signed in to it before, the owner is mailed. "This was not me" leads a
 * password account to a password reset, which signs every other session out, and a resident (who has no password) to
 * the sessions page.
 */
import type { Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { Role } from '../../lib/context'
import { queueMail } from '../mail/send'
import type { NotMe } from '../mail/templates/account'
import { setUserLang } from '../notifications/queries'
import { readDeviceHash, renewDevice, trustNewDevice } from './devices'
import { hasAnyDevice, isLiveDeviceOf } from './queries'

/** The portal's sessions page (a path without the language), where a resident signs another browser out. */
const SESSIONS_PATH = '/profile/account'

/** The account that signed in, as the notice needs it. */
export type SignedInAccount = { id: number; email: string; role: Role; isResident: boolean }

/** Where "this was not me" leads, and what the mail calls it. */
function notMeOf(env: Env, account: SignedInAccount, lang: Locale): { notMe: NotMe; notMeUrl: string } {
  const base = `${readConfig(env).portalOrigin}/${lang}`
  if (!account.isResident)
    return { notMe: 'reset', notMeUrl: `${base}/auth/forgot-password?${new URLSearchParams({ role: account.role })}` }
  return { notMe: 'sessions', notMeUrl: `${base}${SESSIONS_PATH}` }
}

/**
 * Trusts the browser that just signed in to `account` and answers its new device token (none when it presented a live
 * one, which is renewed). A browser new to an account that other browsers signed in to before gets the account's owner
 * the notice; the mail is left to `waitUntil`, so the sign-in answers at once.
 */
export async function trustSigningInBrowser(
  env: Env,
  account: SignedInAccount,
  sign: { presented: string | undefined; method: 'password' | 'oneid'; lang: Locale; now: Date },
  waitUntil: (work: Promise<unknown>) => void,
): Promise<string | undefined> {
  const db = env.DB
  const { now } = sign
  // Mail about what others decide (a project's moderation) is written in the language the person last signed in with.
  await setUserLang(db, account.id, sign.lang)
  const hash = await readDeviceHash(sign.presented)
  if (hash && (await isLiveDeviceOf(db, hash, account.id, now))) {
    await renewDevice(db, hash, now)
    return undefined
  }
  const knownElsewhere = await hasAnyDevice(db, account.id)
  const device = await trustNewDevice(db, account.id, now)
  if (knownElsewhere) {
    const mail = queueMail(env, now, {
      kind: 'new-sign-in',
      to: account.email,
      lang: sign.lang,
      userId: account.id,
      props: { at: now, method: sign.method, ...notMeOf(env, account, sign.lang) },
    })
    waitUntil(
      mail.catch((err: unknown) => {
        console.error(
          JSON.stringify({
            level: 'error',
            msg: 'new sign-in mail failed',
            error: err instanceof Error ? err.message : String(err),
          }),
        )
      }),
    )
  }
  return device
}

/** Tells an account's owner that its password changed, with the way to take it back (a reset). */
export async function mailPasswordChanged(
  env: Env,
  account: { id: number; email: string; role: Role },
  lang: Locale,
  now: Date,
): Promise<void> {
  const resetUrl = `${readConfig(env).portalOrigin}/${lang}/auth/forgot-password?${new URLSearchParams({ role: account.role })}`
  await queueMail(env, now, {
    kind: 'password-changed',
    to: account.email,
    lang,
    userId: account.id,
    props: { resetUrl },
  })
}
