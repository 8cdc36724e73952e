/** `/core/profile*`: the signed-in user's profile, password change and push-token registration. */
import { Hono } from 'hono'
import * as v from 'valibot'
import { assertHuman } from '../../integrations/bot'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { CHANGE_PASSWORD_LIMIT, clearLimit, takeAttempt } from '../../lib/rate-limit'
import { failValidation, HashSchema, NewPasswordSchema, parseInput, readJson, readQuery } from '../../lib/validate'
import { hashPassword, verifyPassword } from '../auth/password'
import { requireUser, revokeUserTokens } from '../auth/tokens'
import { composePasswordChangedEmail, createMailer } from '../mail/messages'
import { PUSH_DEVICE_LIMIT } from '../notifications/push'
import { readProfile } from './accounts'

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

const FcmTokenSchema = v.object({ fcm_token: v.pipe(v.string(), v.trim(), v.regex(/^[\w:.-]{8,4096}$/)) })

/** The `/core/profile*` routes. */
export const profileRoutes = new Hono<AppEnv>()

profileRoutes.use('/core/profile', requireUser)
profileRoutes.use('/core/profile/*', requireUser)

profileRoutes.get('/core/profile', async (c) => {
  const profile = await readProfile(c.env.DB, c.get('user').id, readLang(c.req.header('Accept-Language')))
  if (!profile) throw new GatewayError(401, 'expired_token')
  return ok(c, profile)
})

profileRoutes.patch('/core/profile/change-password', async (c) => {
  const input = parseInput(ChangePasswordSchema, await readJson(c))
  await assertHuman(c, input.hash, 'changepassword')
  const db = c.env.DB
  const user = c.get('user')
  const now = new Date()
  const row = await db
    .prepare('SELECT password_hash FROM users WHERE id = ?')
    .bind(user.id)
    .first<{ password_hash: string | null }>()
  // Residents sign in through OneID and have no password to change.
  if (!row?.password_hash) throw new GatewayError(403, 'forbidden')
  const limit = { key: `change-password:${user.id}`, ...CHANGE_PASSWORD_LIMIT }
  if (!(await takeAttempt(db, [limit], now.getTime()))) throw new GatewayError(429, 'too_many_attempts')
  if (!(await verifyPassword(input.old_password, row.password_hash))) failValidation(['old_password'])
  await db
    .prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?')
    .bind(await hashPassword(input.new_password), now.toISOString(), user.id)
    .run()
  // Other sessions end; the one that changed the password stays signed in (ASVS V7.4.3).
  await revokeUserTokens(db, user.id, now, user.tokenId)
  await clearLimit(db, limit.key)
  await createMailer(c.env, now).send(
    composePasswordChangedEmail(user.email, readLang(c.req.header('Accept-Language'))),
  )
  return ok(c, null)
})

profileRoutes.post('/core/profile/fcm-token', async (c) => {
  const { fcm_token } = parseInput(FcmTokenSchema, readQuery(c))
  const { id: userId, tokenId } = c.get('user')
  // The device's language is the page's, so its pushes read in the language the user turned push on in; the session
  // is kept so that signing out of it ends the device's pushes (a shared computer's next user must not see them).
  const lang = readLang(c.req.header('Accept-Language'))
  // A token another user registered from a session that is still live stays theirs: moving it on the word of whoever
  // sends it would let anyone take a device's pushes (docs/security.md#push-tokens). The device proves itself by
  // subscribing anew (a fresh token); a token whose session ended (its user signed out there) is free.
  const held = await c.env.DB.prepare(
    `SELECT 1 AS live FROM fcm_tokens f JOIN tokens t ON t.id = f.session_id
     WHERE f.token = ? AND f.user_id <> ? AND t.revoked_at IS NULL AND t.expires_at > ?`,
  )
    .bind(fcm_token, userId, new Date().toISOString())
    .first<{ live: number }>()
  if (held) throw new GatewayError(409, 'push_token_taken')
  await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO fcm_tokens (token, user_id, lang, session_id, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (token) DO UPDATE SET user_id = ?2, lang = ?3, session_id = ?4, updated_at = ?5`,
    ).bind(fcm_token, userId, lang, tokenId, new Date().toISOString()),
    // Only the most recent devices get pushes; older registrations would only pile up.
    c.env.DB.prepare(
      `DELETE FROM fcm_tokens WHERE user_id = ?1 AND token NOT IN
       (SELECT token FROM fcm_tokens WHERE user_id = ?1 ORDER BY updated_at DESC, rowid DESC LIMIT ?2)`,
    ).bind(userId, PUSH_DEVICE_LIMIT),
  ])
  return ok(c, null)
})
