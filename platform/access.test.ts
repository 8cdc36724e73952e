/**
 * The Access verifier the gateway and the console share (docs/security.md#operator-surface): RS256 only, whatever the
 * token's header asks for, and the team's keys fetched once an hour, and at most once a minute for a key id it does
 * not know. The team's certs endpoint is a stand-in at the network boundary (`fetcher`), counting its calls.
 */
import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AccessSettings, verifyAccessAssertion } from './access'

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

type Pair = { privateKey: KeyObject; publicKey: KeyObject }
const newPair = (): Pair => generateKeyPairSync('rsa', { modulusLength: 2048 })

/** A team whose certs endpoint publishes `published` (kid → key pair) and counts how often it is asked. */
function team(name: string, published: Record<string, Pair>) {
  const settings: AccessSettings = { teamDomain: `https://${name}.cloudflareaccess.test`, audience: 'console-aud' }
  const certs = { calls: 0, published }
  const fetcher = (async () => {
    certs.calls++
    const keys = Object.entries(certs.published).map(([kid, pair]) => ({
      kid,
      alg: 'RS256',
      use: 'sig',
      ...pair.publicKey.export({ format: 'jwk' }),
    }))
    return new Response(JSON.stringify({ keys }), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  const claims = (extra: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000)
    return {
      iss: settings.teamDomain,
      aud: [settings.audience],
      email: 'editor@agency.example',
      iat: now,
      exp: now + 600,
      ...extra,
    }
  }
  const verify = (token: string) => verifyAccessAssertion(token, settings, { fetcher })
  return { settings, certs, claims, verify }
}

/** A token of `header` and `claims` with the signature `signWith` makes over its first two parts. */
function token(header: Record<string, unknown>, claims: Record<string, unknown>, signWith: (data: string) => Buffer) {
  const signed = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`
  return `${signed}.${b64url(signWith(signed))}`
}

const rs256 = (pair: Pair) => (data: string) => sign('sha256', Buffer.from(data), pair.privateKey)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-20T09:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the algorithm', () => {
  it('accepts a token signed RS256 with a key the team publishes', async () => {
    const pair = newPair()
    const t = team('rs256', { k1: pair })
    const valid = token({ alg: 'RS256', kid: 'k1', typ: 'JWT' }, t.claims(), rs256(pair))
    expect(await t.verify(valid)).toMatchObject({ ok: true, identity: { email: 'editor@agency.example' } })
  })

  it('refuses a token whose header says alg none, unsigned, before fetching any key', async () => {
    const t = team('alg-none', { k1: newPair() })
    for (const header of [{ alg: 'none', kid: 'k1', typ: 'JWT' }, { alg: 'None', kid: 'k1' }, { kid: 'k1' }]) {
      const unsigned = token(header, t.claims(), () => Buffer.alloc(0))
      expect(await t.verify(unsigned), JSON.stringify(header)).toEqual({ ok: false, reason: 'malformed' })
    }
    expect(t.certs.calls).toBe(0)
  })

  it('refuses a token signed HS256 with the published public key as the secret (algorithm confusion)', async () => {
    const pair = newPair()
    const t = team('hs256', { k1: pair })
    const pem = pair.publicKey.export({ format: 'pem', type: 'spki' })
    const jwk = JSON.stringify(pair.publicKey.export({ format: 'jwk' }))
    for (const secret of [pem, jwk]) {
      const hmac = (data: string) => createHmac('sha256', secret).update(data).digest()
      for (const alg of ['HS256', 'RS256']) {
        const forged = token({ alg, kid: 'k1', typ: 'JWT' }, t.claims(), hmac)
        const verdict = await t.verify(forged)
        expect(verdict.ok, alg).toBe(false)
      }
    }
  })
})

describe('the team’s keys', () => {
  it('are fetched once an hour: tokens within the hour use the kept keys, the first after it fetches them again', async () => {
    const pair = newPair()
    const t = team('hourly', { k1: pair })
    const fresh = () => token({ alg: 'RS256', kid: 'k1' }, t.claims(), rs256(pair))
    expect((await t.verify(fresh())).ok).toBe(true)
    expect(t.certs.calls).toBe(1)
    for (const minutes of [1, 10, 30, 59]) {
      vi.setSystemTime(new Date(Date.parse('2026-11-20T09:00:00Z') + minutes * 60_000))
      expect((await t.verify(fresh())).ok, `${minutes} min`).toBe(true)
    }
    expect(t.certs.calls).toBe(1)
    vi.setSystemTime(new Date(Date.parse('2026-11-20T09:00:00Z') + 61 * 60_000))
    expect((await t.verify(fresh())).ok).toBe(true)
    expect(t.certs.calls).toBe(2)
  })

  it('are fetched again for an unknown key id at most once a minute, so made-up ids are no flood, and a new key is found', async () => {
    const current = newPair()
    const next = newPair()
    const t = team('rotation', { k1: current })
    expect((await t.verify(token({ alg: 'RS256', kid: 'k1' }, t.claims(), rs256(current)))).ok).toBe(true)
    expect(t.certs.calls).toBe(1)
    // Access rotates: the next key is published, and tokens signed with it arrive.
    t.certs.published = { k1: current, k2: next }
    const rotated = () => token({ alg: 'RS256', kid: 'k2' }, t.claims(), rs256(next))
    for (let i = 0; i < 50; i++) {
      const madeUp = token({ alg: 'RS256', kid: `made-up-${i}` }, t.claims(), rs256(current))
      expect(await t.verify(madeUp)).toEqual({ ok: false, reason: 'unknown_key' })
    }
    expect(await t.verify(rotated())).toEqual({ ok: false, reason: 'unknown_key' })
    expect(t.certs.calls).toBe(1)
    vi.setSystemTime(new Date(Date.parse('2026-11-20T09:00:00Z') + 61_000))
    expect((await t.verify(rotated())).ok).toBe(true)
    expect(t.certs.calls).toBe(2)
    for (let i = 0; i < 50; i++) {
      const madeUp = token({ alg: 'RS256', kid: `again-${i}` }, t.claims(), rs256(current))
      expect(await t.verify(madeUp)).toEqual({ ok: false, reason: 'unknown_key' })
    }
    expect(t.certs.calls).toBe(2)
  })
})
