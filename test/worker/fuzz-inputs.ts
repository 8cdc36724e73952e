/**
 * Inputs of the fuzz/property tests (docs/security.md): the known attack strings and the generators seeded with them.
 */
import fc from 'fast-check'
import { ROUTES } from '../../shared/routing/routes'

/**
 * A run's seed: random per run (fast-check prints it with the counterexample's path on failure); set
 * `VITE_FUZZ_SEED=<seed>` to replay a failure.
 */
const SEED_VAR = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.VITE_FUZZ_SEED
const FUZZ_SEED: number | undefined = SEED_VAR ? Number(SEED_VAR) : undefined

/** fast-check parameters with an explicit number of runs; the seed is shared by every property of a run when set. */
export function runs(numRuns: number): fc.Parameters<unknown> {
  return FUZZ_SEED === undefined ? { numRuns } : { numRuns, seed: FUZZ_SEED }
}

/** The ids of the protected routes (the profile area), which no visitor without a token may be served. */
export const PROTECTED: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => 'protected' in r.meta && r.meta.protected).map((r) => r.id),
)

/** Path and query fragments that have opened redirects, climbed out of a base path or polluted prototypes elsewhere. */
export const ATTACK_STRINGS = [
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%2F/evil.example',
  '%2e%2e',
  '%2E%2E%2F',
  '..',
  '.',
  '.%2e',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%2F',
  '%2f%2fevil.example',
  '%5C',
  '%5c%5cevil.example',
  '@evil',
  '@evil.example',
  'user:pass@evil.example:8080',
  '%40evil.example',
  '%0d%0a',
  '%0D%0ASet-Cookie:%20token=forged',
  '%0aLocation:%20//evil.example',
  '\r\n',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '__proto__',
  '__proto__[admin]',
  'constructor',
  'constructor.prototype',
  'prototype',
  'http://evil.example',
  'https:evil.example',
  '//evil.example@portal.test',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '\u2028\u2029',
  'ＥＶＩＬ',
  '.well-known',
  '_payload.json',
]

/** Words of the portal's own paths, so generated paths reach real routes, guards and the proxy. */
const ROUTE_WORDS = [
  'en',
  'ru',
  'uz',
  'de',
  'EN',
  'post',
  'profile',
  'company',
  'password',
  'my-services',
  'appeals',
  'my-projects',
  'form',
  'media',
  'news',
  'publication',
  'gallery',
  'story',
  'event',
  'register',
  'guide',
  'explore',
  'energy',
  'project',
  'category',
  'service',
  'uz-ex',
  'e-auction',
  'auth',
  'sign-in',
  'one-id',
  'sso',
  'forgot-password',
  'reset-password',
  'search',
  'about',
  'contacts',
  'contact-us',
  'reason',
  'living',
  'investment-climate',
  'gateway',
  'siw',
  'public',
  'core',
  'dev',
  'seed',
  'outbox',
  'page',
  '_payload.json',
  '_app',
  'health',
  'session',
  'sitemap.xml',
  '0',
  '1',
  '42',
  '007',
  '999999999999',
  '1e3',
  '-1',
]

/** Query keys the routes read, plus keys that could pollute a prototype or that no route knows. */
const QUERY_KEYS = [
  'role',
  'page',
  'keyword',
  'return',
  'state',
  'code',
  'event_id',
  'uuid',
  'token',
  'time',
  'email',
  'process',
  'step',
  'id',
  'category',
  'size',
  'public',
  'notice',
  'utm_source',
  'fbclid',
  '',
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[admin]',
  'constructor[prototype][admin]',
]

const QUERY_VALUES = [
  'investor',
  'businessmen',
  'Investor',
  '0',
  '1',
  '-1',
  '1e3',
  '999999',
  '/en/profile',
  '/ru',
  'true',
  '',
]

/** One code point from the whole of Unicode (controls, separators and astral planes included). */
const anyText = (maxLength: number) => fc.string({ unit: 'binary', maxLength })

/** `value` with some characters written as `%XX` (either hex case), as a browser or an attacker may send it. */
export function percentEncodeSome(value: string, mask: readonly boolean[], upper: boolean): string {
  return [...value]
    .map((ch, i) => {
      if (!mask[i % Math.max(mask.length, 1)]) return ch
      const hex = [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
      return upper ? hex.toUpperCase() : hex
    })
    .join('')
}

/** A word of the route table, sometimes percent-encoded in part. */
const routeWord = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ROUTE_WORDS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ROUTE_WORDS), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), fc.boolean())
      .map(([w, m, u]) => percentEncodeSome(w, m, u)),
  },
)

/** One path segment: a route word, an attack string, or arbitrary text. */
export const pathSegment = fc.oneof(
  { weight: 5, arbitrary: routeWord },
  { weight: 3, arbitrary: fc.constantFrom(...ATTACK_STRINGS) },
  { weight: 1, arbitrary: anyText(8) },
)

/** What goes between segments: mostly `/`, sometimes the separators that browsers and parsers disagree on. */
const separator = fc.oneof(
  { weight: 8, arbitrary: fc.constant('/') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('//', '/\\', '\\', '/./', '/../', '/%2F', '/%5C', '/%2e%2e/', '/;/', '/%00/'),
  },
)

/**
 * A raw request path below one of `prefixes` (always starting with `/`, possibly `//…` or `/\…`), as it arrives on the
 * wire.
 */
function pathBelow(prefixes: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...prefixes),
      fc.array(fc.tuple(separator, pathSegment), { maxLength: 6 }),
      fc.constantFrom('', '', '/', '/_payload.json'),
    )
    .map(([prefix, parts, suffix]) => {
      const path = prefix + parts.map(([sep, seg]) => sep + seg).join('') + suffix
      return path.startsWith('/') ? path : `/${path}`
    })
}

/** Any request path: unprefixed, under a locale, or under the gateway proxy. */
export const requestPath = pathBelow(['', '/en', '/ru', '/uz', '/gateway'])

/** A request path under the gateway proxy. */
export const proxyPath = pathBelow(['/gateway'])

/** A raw query string (with `?`, or empty), keys and values encoded or raw. */
export const requestQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
        { weight: 1, arbitrary: fc.constantFrom(...ATTACK_STRINGS) },
        { weight: 1, arbitrary: anyText(6) },
      ),
      fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...QUERY_VALUES) },
        { weight: 2, arbitrary: fc.constantFrom(...ATTACK_STRINGS) },
        { weight: 1, arbitrary: anyText(12) },
      ),
      fc.boolean(),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => {
    const qs = pairs
      .map(([k, v, encode]) => (encode ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`))
      .join('&')
    return qs ? `?${qs.replace(/#/g, '%23')}` : ''
  })

/** A 20 KiB header value: larger than many proxies accept, which the worker must still answer below 500. */
export const OVERSIZED_HEADER_VALUE = 'a'.repeat(20 * 1024)

/** Request headers that have fooled frameworks into skipping middleware, trusting a host or switching the method. */
const ATTACK_HEADERS: readonly (readonly [string, string])[] = [
  ['x-middleware-subrequest', 'middleware:middleware:middleware:middleware:middleware'],
  ['x-middleware-subrequest', 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware'],
  ['x-forwarded-host', 'evil.example'],
  ['x-forwarded-host', 'portal.test@evil.example'],
  ['x-forwarded-proto', 'javascript'],
  ['x-forwarded-for', '127.0.0.1, 10.0.0.1'],
  ['x-forwarded-prefix', '//evil.example'],
  ['forwarded', 'for=127.0.0.1;host=evil.example;proto=https'],
  ['x-original-url', '/en/profile'],
  ['x-rewrite-url', '/en/profile'],
  ['x-http-method-override', 'DELETE'],
  ['x-real-ip', '127.0.0.1'],
  ['host', 'evil.example'],
  ['x-oversized', OVERSIZED_HEADER_VALUE],
  ['cookie', `padding=${OVERSIZED_HEADER_VALUE}`],
  ['cookie', '__proto__=x; constructor=y; i18n_redirected=__proto__'],
  ['cookie', 'i18n_redirected=../../evil.example'],
  ['accept-language', `de;q=1, ${'x-y;q=0.5,'.repeat(2000)}ru;q=0.9`],
  ['accept-language', 'ru;q=NaN, en;q=-1, uz;q=1e309'],
  ['accept', 'application/json'],
  ['referer', 'http://evil.example/'],
  ['origin', 'null'],
  ['sec-fetch-site', 'same-origin'],
  ['authorization', 'Bearer forged-token'],
]

/** A printable-ASCII header value (CR, LF and NUL cannot be sent in a header). */
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
})

/** A set of request headers: known attack headers and arbitrary ones. */
export const requestHeaders = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ATTACK_HEADERS) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom(
            'x-forwarded-host',
            'x-forwarded-proto',
            'accept-language',
            'cookie',
            'x-middleware-subrequest',
            'x-custom',
          ),
          headerValue,
        ),
      },
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const headers = new Headers()
    for (const [k, v] of pairs) headers.append(k, v)
    return headers
  })

/** `value` with the case of some letters flipped. */
export function flipCase(value: string, mask: readonly boolean[]): string {
  return [...value]
    .map((ch, i) =>
      mask[i % Math.max(mask.length, 1)] ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch,
    )
    .join('')
}
