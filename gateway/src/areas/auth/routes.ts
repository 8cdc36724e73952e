/** `/core/auth*`: email/password sign-in, logout, password reset by email link, and the OneID code exchange. */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../../../contract/locales'
import { assertHuman } from '../../integrations/bot'
import { authorizeUrl, identify, type OneIdClient, OneIdError, type OneIdPerson } from '../../integrations/oneid'
import { readConfig } from '../../lib/config'
import type { AppEnv, Role } from '../../lib/context'
import { sha256Hex } from '../../lib/crypto'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { clearLimit, clearLimitsLike, refundAttempt } from '../../lib/queries'
import {
  FORM_IP_LIMIT,
  isOverLimit,
  type Limit,
  LOGIN_ACCOUNT_CLIENT_LIMIT,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_DEVICE_LIMIT,
  LOGIN_IP_LIMIT,
  RESET_MAIL_LIMIT,
  readClientIp,
  takeAttempt,
} from '../../lib/rate-limit'
import {
  EmailSchema,
  HashSchema,
  NewPasswordSchema,
  parseInput,
  RoleSchema,
  readJson,
  readQuery,
} from '../../lib/validate'
import { confirmEmailChange } from '../account/email-change'
import { queueMail } from '../mail/send'
import { accountBlocked, readProfile, residentAccountFor } from '../profile/accounts'
import { DEVICE_HEADER, isTrustedDevice, readDeviceHash } from './devices'
import { mailPasswordChanged, trustSigningInBrowser } from './notices'
import { burnPasswordCheck, hashPassword, verifyPassword } from './password'
import {
  findLiveLink,
  findResettableAccount,
  findSignInAccount,
  readAccountContact,
  revokeToken,
  revokeUserTokens,
  setPasswordHash,
  useLink,
} from './queries'
import { issuePasswordLink, RESET_LINK_LIFETIME_MS } from './reset-links'
import { readSignInPlace } from './sign-in-place'
import { issueToken, requireUser } from './tokens'

const LoginSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  hash: HashSchema,
  role: RoleSchema,
})

const ForgotPasswordSchema = v.object({ email: EmailSchema, hash: HashSchema, role: RoleSchema })

const UuidSchema = v.pipe(v.string(), v.trim(), v.uuid())

const ResetPasswordSchema = v.pipe(
  v.object({
    password: NewPasswordSchema,
    password_confirmation: v.string(),
    hash: HashSchema,
    token: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    email: EmailSchema,
    time: v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.regex(/^\d{1,16}$/)),
    role: RoleSchema,
    uuid: UuidSchema,
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (i) => i.password === i.password_confirmation),
    ['password_confirmation'],
  ),
)

const AuthorizeQuerySchema = v.object({
  state: v.optional(v.pipe(v.string(), v.maxLength(2048)), '/'),
  role: v.optional(RoleSchema, 'investor'),
})

const ExchangeQuerySchema = v.object({ code: v.pipe(v.string(), v.minLength(1), v.maxLength(256)), role: RoleSchema })

const loginFailed = () => new GatewayError(401, 'user_not_found')

/** A new password starts with a clean slate: the account's sign-in counters, from every client, are forgotten. */
function clearAccountLimits(db: D1Database, email: string): Promise<void> {
  return clearLimitsLike(db, `login:account:${email}`, `login:account-client:${email}:`)
}

/**
 * The counters a sign-in attempt takes (docs/security.md#sign-in-throttling): a device that signed in to this account
 * before has its own budget; any other client takes the account-and-client counter first, then the shared ones.
 */
function loginLimits(email: string, ip: string, trustedDevice: string | null): Limit[] {
  if (trustedDevice) return [{ key: `login:device:${trustedDevice}`, ...LOGIN_DEVICE_LIMIT }]
  return [
    { key: `login:account-client:${email}:${ip}`, ...LOGIN_ACCOUNT_CLIENT_LIMIT },
    { key: `login:account:${email}`, ...LOGIN_ACCOUNT_LIMIT },
    { key: `login:ip:${ip}`, ...LOGIN_IP_LIMIT },
  ]
}

/** The `/core/auth*` routes, mounted at `/core/auth`. */
export const authRoutes = new Hono<AppEnv>()

authRoutes.post('/login', async (c) => {
  const input = parseInput(LoginSchema, await readJson(c))
  await assertHuman(c, input.hash, 'signin')
  const db = c.env.DB
  const now = new Date()
  const presented = await readDeviceHash(c.req.header(DEVICE_HEADER))
  const trustedDevice = presented && (await isTrustedDevice(db, presented, input.email, now)) ? presented : null
  const limits = loginLimits(input.email, readClientIp(c), trustedDevice)
  if (!(await takeAttempt(db, limits, now.getTime()))) throw new GatewayError(429, 'too_many_attempts')
  const user = await findSignInAccount(db, input.email)
  // Unknown accounts spend the same PBKDF2 work, and every failure gives the same answer (ASVS V6.3.8).
  let passwordOk = false
  if (user) passwordOk = await verifyPassword(input.password, user.password_hash)
  else await burnPasswordCheck(input.password)
  if (!user || !passwordOk || user.role !== input.role) throw loginFailed()
  // An account its owner deleted signs in no more, as if it did not exist; one staff blocked says so, to the password's
  // owner only (docs/gateway-contract.md#account).
  if (user.deleted_at) throw loginFailed()
  if (user.blocked_at) throw accountBlocked()
  // A success costs nothing: this client's failures are forgotten, the shared counters get their attempt back.
  const [client, ...shared] = limits
  await Promise.all([clearLimit(db, client!.key), ...shared.map((l) => refundAttempt(db, l.key))])
  // The device that got in is trusted from now on, or for longer (docs/security.md#sign-in-throttling); a browser new
  // to an account others signed in to before is reported to its owner (docs/security.md#new-sign-in-notice).
  const lang = readLang(c.req.header('Accept-Language'))
  const account = { id: user.id, email: input.email, role: user.role, isResident: false }
  const sign = {
    presented: trustedDevice ? c.req.header(DEVICE_HEADER) : undefined,
    method: 'password',
    lang,
    now,
  } as const
  const device = await trustSigningInBrowser(c.env, account, sign, (work) => c.executionCtx.waitUntil(work))
  const token = await issueToken(db, user.id, now, readSignInPlace(c))
  return ok(c, { token, device, profile: await readProfile(db, user.id, lang) })
})

authRoutes.post('/logout', requireUser, async (c) => {
  await revokeToken(c.env.DB, c.get('user').tokenId, new Date())
  return ok(c, null)
})

authRoutes.post('/forgot-password', async (c) => {
  const input = parseInput(ForgotPasswordSchema, await readJson(c))
  await assertHuman(c, input.hash, 'sendnewpassword')
  const now = new Date()
  const ipLimit = { key: `forgot:ip:${readClientIp(c)}`, ...FORM_IP_LIMIT }
  if (await isOverLimit(c.env.DB, ipLimit, now.getTime())) throw new GatewayError(429, 'too_many_attempts')
  // The same answer, after the same work, whether or not the account exists: finding it and mailing the link happen
  // after the answer (docs/security.md#account-enumeration).
  const lang = readLang(c.req.header('Accept-Language'))
  c.executionCtx.waitUntil(
    sendResetLink(c.env, input.email, input.role, lang, now).catch((err: unknown) => {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'reset mail failed',
          requestId: c.get('requestId'),
          error: err instanceof Error ? err.message : String(err),
        }),
      )
    }),
  )
  return ok(c, null)
})

/**
 * Mails a fresh single-use reset link to the account of `email` and `role`, if there is one that signs in with a
 * password (a non-resident, possibly one whose set-password link from the registration expired) and its hourly cap
 * allows.
 */
async function sendResetLink(env: Env, email: string, role: Role, lang: Locale, now: Date): Promise<void> {
  const db = env.DB
  const user = await findResettableAccount(db, email, role)
  if (!user) return
  const mailLimit = { key: `forgot:account:${user.id}`, ...RESET_MAIL_LIMIT }
  if (await isOverLimit(db, mailLimit, now.getTime())) return
  const link = await issuePasswordLink(env, user, lang, { lifetimeMs: RESET_LINK_LIFETIME_MS, purpose: 'reset', now })
  await queueMail(env, now, { kind: 'reset', to: user.email, lang, userId: user.id, props: { link } })
}

authRoutes.post('/check-reset-link', async (c) => {
  const { uuid } = parseInput(v.object({ uuid: v.string() }), readQuery(c))
  const valid = v.is(UuidSchema, uuid) && !!(await findLiveLink(c.env.DB, uuid.trim().toLowerCase(), new Date()))
  return ok(c, valid)
})

authRoutes.post('/reset-password', async (c) => {
  const input = parseInput(ResetPasswordSchema, await readJson(c))
  await assertHuman(c, input.hash, 'resetpassword')
  const db = c.env.DB
  const now = new Date()
  const link = await findLiveLink(db, input.uuid.toLowerCase(), now)
  const matches =
    !!link &&
    link.token_hash === (await sha256Hex(input.token)) &&
    link.email.toLowerCase() === input.email &&
    link.time === input.time &&
    link.role === input.role
  if (!link || !matches) throw new GatewayError(400, 'invalid_reset_link')
  if (!(await useLink(db, link.id, now))) throw new GatewayError(400, 'invalid_reset_link')
  await setPasswordHash(db, link.user_id, await hashPassword(input.password), now)
  await revokeUserTokens(db, link.user_id, now)
  await clearAccountLimits(db, input.email)
  await mailPasswordChanged(
    c.env,
    { id: link.user_id, email: link.email, role: link.role },
    readLang(c.req.header('Accept-Language')),
    now,
  )
  return ok(c, null)
})

const EmailLinkSchema = v.object({ uuid: UuidSchema, token: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) })

// The link mailed to a new address (docs/gateway-contract.md#account): whoever opens it may read that mailbox, which
// is all the change needs, so it takes no session (the page may be opened in another browser).
authRoutes.post('/confirm-email', async (c) => {
  const input = parseInput(EmailLinkSchema, await readJson(c))
  return ok(c, await confirmEmailChange(c.env, { uuid: input.uuid.toLowerCase(), token: input.token }, new Date()))
})

/** The SSO's return address for a page language and role: the same in the authorize URL and the code exchange. */
function ssoRedirectUri(env: Env, lang: Locale, role: Role): string {
  return `${readConfig(env).portalOrigin}/${lang}/sso?${new URLSearchParams({ role })}`
}

/** The configured OneID, reached over the network, or the local stand-in, answered in-process; null: none. */
function oneIdClient(c: Context<AppEnv>): OneIdClient | null {
  const oneid = readConfig(c.env).oneid
  if (!oneid) return null
  if (!oneid.standIn) return { ...oneid, fetch: (request: Request) => globalThis.fetch(request) }
  // The local stand-in lives in the development build only (docs/gateway-contract.md#reference-gateway).
  const standIn = c.get('dev')?.oneIdStandIn
  if (!standIn) return null
  return { ...oneid, fetch: (request: Request) => standIn(request, c.env, c.executionCtx) }
}

authRoutes.get('/', async (c) => {
  const query = parseInput(AuthorizeQuerySchema, readQuery(c))
  const client = oneIdClient(c)
  if (!client) throw new GatewayError(503, 'sso_unavailable')
  const lang = readLang(c.req.header('Accept-Language'))
  return ok(c, authorizeUrl(client, ssoRedirectUri(c.env, lang, query.role), query.state))
})

authRoutes.post('/', async (c) => {
  const { code, role } = parseInput(ExchangeQuerySchema, readQuery(c))
  const client = oneIdClient(c)
  if (!client) throw new GatewayError(503, 'sso_unavailable')
  const lang = readLang(c.req.header('Accept-Language'))
  let person: OneIdPerson
  try {
    person = await identify(client, code, ssoRedirectUri(c.env, lang, role))
  } catch (err) {
    if (!(err instanceof OneIdError)) throw err
    // Never the code or a token: only why (docs/security.md#logs).
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'oneid exchange failed',
        requestId: c.get('requestId'),
        reason: err.reason,
        error: err.message,
      }),
    )
    if (err.reason === 'rejected') throw loginFailed()
    throw new GatewayError(503, 'sso_unavailable')
  }
  const db = c.env.DB
  const now = new Date()
  const userId = await residentAccountFor(db, person, role, now)
  // OneID sign-ins trust their browser too, so a resident hears of a sign-in from a new one
  // (docs/security.md#new-sign-in-notice).
  const contact = await readAccountContact(db, userId)
  const account = { id: userId, email: contact?.email ?? '', role, isResident: true }
  const sign = { presented: c.req.header(DEVICE_HEADER), method: 'oneid', lang, now } as const
  const device = await trustSigningInBrowser(c.env, account, sign, (work) => c.executionCtx.waitUntil(work))
  const token = await issueToken(db, userId, now, readSignInPlace(c))
  return ok(c, { token, device, profile: await readProfile(db, userId, lang) })
})
