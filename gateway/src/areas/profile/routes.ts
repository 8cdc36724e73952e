/**
 * `/core/profile*`: the signed-in user's profile and its corrections, password change, push devices (registered and
 * forgotten) and notification choices.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { CHANNELS, NOTIFICATION_TOPICS } from '../../../../contract/gateway/channels'
import { assertHuman } from '../../integrations/bot'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { clearLimit } from '../../lib/queries'
import { CHANGE_PASSWORD_LIMIT, takeAttempt } from '../../lib/rate-limit'
import { failValidation, HashSchema, NewPasswordSchema, parseInput, readJson, readQuery } from '../../lib/validate'
import { mailPasswordChanged } from '../auth/notices'
import { hashPassword, verifyPassword } from '../auth/password'
import { revokeUserTokens, setPasswordHash } from '../auth/queries'
import { requireUser } from '../auth/tokens'
import { type Choices, readChoices, saveChoices } from '../notifications/choices'
import { PUSH_DEVICE_LIMIT } from '../notifications/push'
import { deletePushTokens, setUserLang } from '../notifications/queries'
import { readProfile } from './accounts'
import { profileChangeSchema } from './edit'
import { isPushTokenHeld, readPasswordHash, registerPushToken, updateProfileColumns } from './queries'

const ChangePasswordSchema = v.pipe(
  v.object({
    old_password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
    new_password: NewPasswordSchema,
    password_confirmation: v.string(),
    hash: HashSchema,
  }),
  v.forward(
    v.partialCheck([['new_password'], ['password_confirmation']], (i) => i.new_password === i.password_confirmation),
    ['password_confirmation'],
  ),
)

const FcmTokenTextSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w:.-]{8,4096}$/))
const FcmTokenSchema = v.object({ fcm_token: FcmTokenTextSchema })
const ForgetFcmTokenSchema = v.object({ fcm_token: v.optional(FcmTokenTextSchema) })

/** Every topic on every channel, each on or off: what the Notifications page sends, whole. */
const ChoicesSchema = v.object(
  Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [topic, v.object(Object.fromEntries(CHANNELS.map((ch) => [ch, v.boolean()])))]),
  ),
)

/** The `/core/profile*` routes, mounted at `/core/profile`. */
export const profileRoutes = new Hono<AppEnv>()

profileRoutes.use('*', requireUser)

profileRoutes.get('/', async (c) => {
  const profile = await readProfile(c.env.DB, c.get('user').id, readLang(c.req.header('Accept-Language')))
  if (!profile) throw new GatewayError(401, 'expired_token')
  return ok(c, profile)
})

// A correction of the profile (docs/gateway-contract.md#profile-changes): the fields given, by the account's rules.
profileRoutes.patch('/', async (c) => {
  const user = c.get('user')
  const changes = parseInput(profileChangeSchema(user), await readJson(c))
  const db = c.env.DB
  await updateProfileColumns(db, user.id, changes, new Date())
  const profile = await readProfile(db, user.id, readLang(c.req.header('Accept-Language')))
  if (!profile) throw new GatewayError(401, 'expired_token')
  return ok(c, profile)
})

profileRoutes.patch('/change-password', async (c) => {
  const input = parseInput(ChangePasswordSchema, await readJson(c))
  await assertHuman(c, input.hash, 'changepassword')
  const db = c.env.DB
  const user = c.get('user')
  const now = new Date()
  const passwordHash = await readPasswordHash(db, user.id)
  // Residents sign in through OneID and have no password to change.
  if (!passwordHash) throw new GatewayError(403, 'forbidden')
  const limit = { key: `change-password:${user.id}`, ...CHANGE_PASSWORD_LIMIT }
  if (!(await takeAttempt(db, [limit], now.getTime()))) throw new GatewayError(429, 'too_many_attempts')
  if (!(await verifyPassword(input.old_password, passwordHash))) failValidation(['old_password'])
  await setPasswordHash(db, user.id, await hashPassword(input.new_password), now)
  // Other sessions end; the one that changed the password stays signed in (ASVS V7.4.3).
  await revokeUserTokens(db, user.id, now, user.tokenId)
  await clearLimit(db, limit.key)
  await mailPasswordChanged(c.env, user, readLang(c.req.header('Accept-Language')), now)
  return ok(c, null)
})

profileRoutes.post('/fcm-token', async (c) => {
  const { fcm_token } = parseInput(FcmTokenSchema, readQuery(c))
  const { id: userId, tokenId } = c.get('user')
  // The device's language is the page's, so its pushes read in the language the user turned push on in; the session
  // is kept so that signing out of it ends the device's pushes (a shared computer's next user must not see them).
  const lang = readLang(c.req.header('Accept-Language'))
  // A token another user registered from a session that is still live stays theirs: moving it on the word of whoever
  // sends it would let anyone take a device's pushes (docs/security.md#push-tokens). The device proves itself by
  // subscribing anew (a fresh token); a token whose session ended (its user signed out there) is free.
  const now = new Date()
  if (await isPushTokenHeld(c.env.DB, fcm_token, userId, now)) throw new GatewayError(409, 'push_token_taken')
  await registerPushToken(
    c.env.DB,
    { token: fcm_token, userId, lang, sessionId: tokenId, keep: PUSH_DEVICE_LIMIT },
    now,
  )
  return ok(c, null)
})

/**
 * Forgets a push device of the user: the token the browser names, or (none named) every device this session
 * registered. The browser deletes its token too (docs/product.md#notification-choices).
 */
profileRoutes.delete('/fcm-token', async (c) => {
  const { fcm_token } = parseInput(ForgetFcmTokenSchema, readQuery(c))
  const { id: userId, tokenId } = c.get('user')
  const which = fcm_token ? { token: fcm_token } : { sessionId: tokenId }
  const forgotten = await deletePushTokens(c.env.DB, userId, which)
  return ok(c, { forgotten })
})

/** The user's choices of channel per topic (docs/product.md#notification-choices). */
profileRoutes.get('/notifications', async (c) => {
  return ok(c, await readChoices(c.env.DB, c.get('user').id))
})

/** Replaces the user's choices, every topic on every channel. */
profileRoutes.put('/notifications', async (c) => {
  const choices = parseInput(ChoicesSchema, await readJson(c)) as Choices
  const db = c.env.DB
  const userId = c.get('user').id
  await saveChoices(db, userId, choices, new Date())
  await setUserLang(db, userId, readLang(c.req.header('Accept-Language')))
  return ok(c, await readChoices(db, userId))
})
