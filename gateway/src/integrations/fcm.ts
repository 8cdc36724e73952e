/**
 * Firebase Cloud Messaging's HTTP v1 API: an OAuth access token minted from the service account (a JWT assertion
 * signed with its key, RFC 7523) and kept in the isolate until shortly before it expires, and message sends that say
 * whether FCM still knows the device (docs/gateway-contract.md#push).
 */
import type { PushConfig } from '../lib/config'
import { fromBase64, toBase64Url } from '../lib/crypto'

/** The one OAuth scope sending needs. */
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
/** Google accepts assertions for at most an hour. */
const ASSERTION_LIFETIME_S = 3600
/** An access token is replaced this long before it expires, so none expires between being read and being used. */
const ACCESS_TOKEN_MARGIN_MS = 5 * 60_000
/** Neither Google endpoint may hold a notification's delivery for long. */
const TIMEOUT_MS = 10_000

/** One FCM message (`message` of `messages:send`); every `data` value is a string, as FCM requires. */
export type FcmMessage = {
  token: string
  notification: { title: string; body: string }
  data: Record<string, string>
  webpush?: { fcm_options: { link: string } }
}

/** What a send did: delivered to FCM, refused because the device token is dead, or failed for another reason. */
export type FcmSendResult = 'sent' | 'unregistered' | 'failed'

type Account = NonNullable<PushConfig['account']>
type CachedToken = { value: string; expiresAt: number }

// Per isolate, keyed by account and endpoint: an access token serves every request until it is due for renewal
// (docs/architecture.md#rule-5 allows per-isolate caches of values that do not depend on the request).
const accessTokens = new Map<string, CachedToken>()
const signingKeys = new Map<string, CryptoKey>()

const encoder = new TextEncoder()
const base64UrlJson = (value: unknown) => toBase64Url(encoder.encode(JSON.stringify(value)))

async function signingKey(account: Account): Promise<CryptoKey> {
  const cached = signingKeys.get(account.privateKey)
  if (cached) return cached
  const der = fromBase64(account.privateKey.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, ''))
  const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ])
  signingKeys.set(account.privateKey, key)
  return key
}

/** The signed JWT the token endpoint exchanges for an access token (RFC 7523 §2.1). */
async function createAssertion(account: Account, audience: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000)
  const header = base64UrlJson({ alg: 'RS256', typ: 'JWT' })
  const claims = base64UrlJson({
    iss: account.clientEmail,
    scope: FCM_SCOPE,
    aud: audience,
    iat,
    exp: iat + ASSERTION_LIFETIME_S,
  })
  const signature = await crypto.subtle.sign(
    'RSASSA-PKCS1-v1_5',
    await signingKey(account),
    encoder.encode(`${header}.${claims}`),
  )
  return `${header}.${claims}.${toBase64Url(new Uint8Array(signature))}`
}

const cacheKey = (config: PushConfig, account: Account) => `${config.tokenEndpoint} ${account.clientEmail}`

/** An access token for the service account: the isolate's while it has more than the margin left, else a new one. */
export async function getAccessToken(config: PushConfig, account: Account): Promise<string> {
  const key = cacheKey(config, account)
  const cached = accessTokens.get(key)
  if (cached && Date.now() < cached.expiresAt - ACCESS_TOKEN_MARGIN_MS) return cached.value
  const res = await fetch(config.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: await createAssertion(account, config.tokenEndpoint, Date.now()),
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const answer = (await res.json().catch(() => null)) as {
    access_token?: unknown
    expires_in?: unknown
    error?: unknown
  } | null
  if (!res.ok || typeof answer?.access_token !== 'string' || typeof answer.expires_in !== 'number') {
    throw new Error(
      `FCM token endpoint answered ${res.status}${typeof answer?.error === 'string' ? ` ${answer.error}` : ''}`,
    )
  }
  accessTokens.set(key, { value: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 })
  return answer.access_token
}

/** Forgets an access token FCM refused, so the next send mints a new one. */
function forgetAccessToken(config: PushConfig, account: Account): void {
  accessTokens.delete(cacheKey(config, account))
}

type FcmErrorBody = {
  error?: {
    status?: string
    message?: string
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[]
  }
}

/**
 * Whether FCM's refusal means the device token is dead: 404 `UNREGISTERED` (the app was uninstalled or the
 * subscription dropped), 403 `SENDER_ID_MISMATCH` (a token of another project), and 400 `INVALID_ARGUMENT` only when
 * FCM blames `message.token`: a message of ours it cannot read must not cost users their devices.
 */
function isDeadToken(status: number, body: FcmErrorBody | null): boolean {
  const details = body?.error?.details ?? []
  const code = details.find((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'))?.errorCode
  if (status === 404) return code === 'UNREGISTERED'
  if (status === 403) return code === 'SENDER_ID_MISMATCH'
  if (status === 400 && (code === 'INVALID_ARGUMENT' || body?.error?.status === 'INVALID_ARGUMENT')) {
    return (
      details.some((d) => d.fieldViolations?.some((f) => f.field === 'message.token')) ||
      /registration token/i.test(body?.error?.message ?? '')
    )
  }
  return false
}

/** Sends one message; never throws for FCM's answers, only reports them. */
export async function sendFcmMessage(
  config: PushConfig,
  account: Account,
  accessToken: string,
  message: FcmMessage,
): Promise<FcmSendResult> {
  const res = await fetch(`${config.endpoint}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (res.ok) {
    await res.body?.cancel()
    return 'sent'
  }
  const body = (await res.json().catch(() => null)) as FcmErrorBody | null
  if (isDeadToken(res.status, body)) return 'unregistered'
  if (res.status === 401) forgetAccessToken(config, account)
  console.warn(
    JSON.stringify({
      level: 'warn',
      msg: 'push send failed',
      status: res.status,
      fcmStatus: body?.error?.status ?? null,
    }),
  )
  return 'failed'
}
