/** Bot protection: server-side verification of the form's `hash` with Turnstile or reCAPTCHA v3. */
import type { Context } from 'hono'
import { type Config, readConfig } from '../lib/config'
import type { AppEnv } from '../lib/context'
import { GatewayError } from '../lib/envelope'
import { readClientIp } from '../lib/rate-limit'

/** Actions the portal requests tokens for (docs/gateway-contract.md#auth). */
export type BotAction =
  | 'signin'
  | 'sendnewpassword'
  | 'resetpassword'
  | 'changepassword'
  | 'contact'
  | 'register'
  | 'appeal'
  | 'event'

/** The vendors' server-side verification endpoints. */
const SITEVERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const

/** reCAPTCHA v3 scores below this are treated as bots. */
const RECAPTCHA_MIN_SCORE = 0.5

type SiteverifyAnswer = { success?: boolean; action?: string; hostname?: string; score?: number }

/**
 * Asks the vendor whether `token` is a fresh human answer for `action` on our hostname.
 * Any network or format failure counts as not verified (fail closed).
 */
async function verifyBotToken(config: Config, token: string, action: BotAction, ip: string): Promise<boolean> {
  if (!config.botProvider || !token) return false
  const body = new URLSearchParams({ secret: config.botSecret, response: token })
  if (ip !== 'unknown') body.set('remoteip', ip)
  let answer: SiteverifyAnswer
  try {
    const res = await fetch(SITEVERIFY_URLS[config.botProvider], {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    })
    if (!res.ok) return false
    answer = await res.json()
  } catch {
    return false
  }
  if (answer.success !== true || answer.action !== action || answer.hostname !== config.botHostname) return false
  if (
    config.botProvider === 'recaptcha' &&
    !(typeof answer.score === 'number' && answer.score >= RECAPTCHA_MIN_SCORE)
  ) {
    return false
  }
  return true
}

/**
 * Throws 403 `bot_check_failed` unless the token verifies; a no-op when no provider is configured. A provider without
 * its secret fails closed outside DEV_MODE (docs/security.md#bot-protection): a lost secret must not switch the
 * protection off silently.
 */
export async function assertHuman(c: Context<AppEnv>, token: string, action: BotAction): Promise<void> {
  const config = readConfig(c.env)
  if (!config.botProvider) return
  if (!config.botSecret) {
    if (config.devMode) return
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'bot protection misconfigured: BOT_PROVIDER is set but BOT_SECRET is missing',
      }),
    )
    throw new GatewayError(403, 'bot_check_failed')
  }
  if (!(await verifyBotToken(config, token, action, readClientIp(c)))) throw new GatewayError(403, 'bot_check_failed')
}
