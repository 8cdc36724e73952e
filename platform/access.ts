/**
 * Cloudflare Access in front of the operators' hostname (docs/security.md#operator-surface): every operator call
 * carries the application token Access signs (`Cf-Access-Jwt-Assertion`), and the gateway checks it itself — RS256
 * signature against the team's published keys, issuer, audience, expiry — so a request that reaches the worker some
 * other way is still refused.
 */
import * as v from 'valibot'

/** The header Access adds to every request it lets through. */
export const ACCESS_ASSERTION_HEADER = 'Cf-Access-Jwt-Assertion'

/** Where Access publishes a team's signing keys (current and previous), below the team domain. */
const ACCESS_CERTS_PATH = '/cdn-cgi/access/certs'

/** Keys are kept this long; Access rotates them every six weeks and keeps the previous one valid for seven days. */
const KEYS_TTL_MS = 60 * 60_000
/** An unknown key id refetches the keys at most this often, so made-up ids cannot turn into a flood of fetches. */
const REFETCH_MIN_MS = 60_000
/** Clock skew allowed on `exp`, `nbf` and `iat`. */
const LEEWAY_S = 30

/** Who Access let through: a person (e-mail) or a service token (its common name). */
type AccessIdentity = { email: string | null; commonName: string | null; subject: string }

export type AccessSettings = { teamDomain: string; audience: string }

/** Why an assertion was refused; logged, never shown to the caller. */
type AccessDenial =
  | 'missing'
  | 'malformed'
  | 'unknown_key'
  | 'bad_signature'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'expired'
  | 'not_yet_valid'
  | 'keys_unavailable'

export type AccessResult = { ok: true; identity: AccessIdentity } | { ok: false; reason: AccessDenial }

const HeaderSchema = v.object({ alg: v.literal('RS256'), kid: v.pipe(v.string(), v.minLength(1), v.maxLength(256)) })
const ClaimsSchema = v.object({
  iss: v.string(),
  aud: v.union([v.string(), v.array(v.string())]),
  exp: v.number(),
  nbf: v.optional(v.number()),
  iat: v.optional(v.number()),
  sub: v.optional(v.string(), ''),
  email: v.optional(v.pipe(v.string(), v.email())),
  common_name: v.optional(v.string()),
})
const JwkSchema = v.object({ kid: v.string(), kty: v.literal('RSA'), n: v.string(), e: v.string() })
const CertsSchema = v.object({ keys: v.array(v.unknown()) })

type KeySet = { keys: Map<string, CryptoKey>; fetchedAt: number }
/** Signing keys per certs URL, shared by the isolate's requests (they are public keys, not request state). */
const keySets = new Map<string, KeySet>()
const refreshing = new Map<string, Promise<KeySet>>()

/** The issuer Access writes in `iss`: the team domain as an origin, without a trailing slash. */
function normaliseTeamDomain(teamDomain: string): string {
  return new URL(teamDomain).origin
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (ch) => ch.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes))
}

function decodeSignature(segment: string): Uint8Array<ArrayBuffer> {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (ch) => ch.charCodeAt(0))
}

async function fetchKeys(certsUrl: string, fetcher: typeof fetch): Promise<KeySet> {
  const res = await fetcher(certsUrl, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`access certs answered ${res.status}`)
  const certs = v.parse(CertsSchema, await res.json())
  const keys = new Map<string, CryptoKey>()
  for (const raw of certs.keys) {
    const jwk = v.safeParse(JwkSchema, raw)
    if (!jwk.success) continue
    const { kid, n, e } = jwk.output
    keys.set(
      kid,
      await crypto.subtle.importKey(
        'jwk',
        { kty: 'RSA', n, e, alg: 'RS256', ext: true },
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['verify'],
      ),
    )
  }
  return { keys, fetchedAt: Date.now() }
}

/** The key of `kid`, from the cached set, refreshed when stale or when the id is new (at most once a minute). */
async function keyFor(certsUrl: string, kid: string, fetcher: typeof fetch): Promise<CryptoKey | null> {
  const held = keySets.get(certsUrl)
  const now = Date.now()
  const fresh = held && now - held.fetchedAt < KEYS_TTL_MS
  if (fresh && held.keys.has(kid)) return held.keys.get(kid)!
  if (held && fresh && now - held.fetchedAt < REFETCH_MIN_MS) return null
  let pending = refreshing.get(certsUrl)
  if (!pending) {
    pending = fetchKeys(certsUrl, fetcher).finally(() => refreshing.delete(certsUrl))
    refreshing.set(certsUrl, pending)
  }
  const set = await pending
  keySets.set(certsUrl, set)
  return set.keys.get(kid) ?? null
}

/**
 * Verifies an Access application token against `settings`. Never throws: every failure is a reason, so the caller
 * answers one refusal whatever went wrong.
 */
export async function verifyAccessAssertion(
  assertion: string | undefined | null,
  settings: AccessSettings,
  options: { now?: number; fetcher?: typeof fetch } = {},
): Promise<AccessResult> {
  if (!assertion) return { ok: false, reason: 'missing' }
  const parts = assertion.split('.')
  if (parts.length !== 3 || assertion.length > 16_384) return { ok: false, reason: 'malformed' }
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string]
  let header: v.InferOutput<typeof HeaderSchema>
  let claims: v.InferOutput<typeof ClaimsSchema>
  let signature: Uint8Array<ArrayBuffer>
  try {
    header = v.parse(HeaderSchema, decodeSegment(headerPart))
    claims = v.parse(ClaimsSchema, decodeSegment(claimsPart))
    signature = decodeSignature(signaturePart)
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const issuer = normaliseTeamDomain(settings.teamDomain)
  let key: CryptoKey | null
  try {
    key = await keyFor(issuer + ACCESS_CERTS_PATH, header.kid, options.fetcher ?? fetch)
  } catch {
    return { ok: false, reason: 'keys_unavailable' }
  }
  if (!key) return { ok: false, reason: 'unknown_key' }
  const signed = new TextEncoder().encode(`${headerPart}.${claimsPart}`)
  if (!(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, signature, signed)))
    return { ok: false, reason: 'bad_signature' }
  if (claims.iss.replace(/\/+$/, '') !== issuer) return { ok: false, reason: 'wrong_issuer' }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!settings.audience || !audiences.includes(settings.audience)) return { ok: false, reason: 'wrong_audience' }
  const nowS = Math.floor((options.now ?? Date.now()) / 1000)
  if (claims.exp + LEEWAY_S <= nowS) return { ok: false, reason: 'expired' }
  if ((claims.nbf ?? claims.iat ?? 0) - LEEWAY_S > nowS) return { ok: false, reason: 'not_yet_valid' }
  return {
    ok: true,
    identity: {
      email: claims.email?.toLowerCase() ?? null,
      commonName: claims.common_name ?? null,
      subject: claims.sub,
    },
  }
}
