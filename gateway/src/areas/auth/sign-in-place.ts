/**
 * What a session remembers of its sign-in, for the person's list of sessions (docs/gateway-contract.md#sessions): the
 * browser and system named from the `User-Agent` (the names only, never the string), and the coarse place the portal's
 * edge saw the sign-in come from, which it forwards in `X-Client-Country` (an ISO 3166 code) and `X-Client-City`
 * (percent-encoded UTF-8), as it forwards the device token.
 */
import type { Context } from 'hono'

/** Headers the portal sets on the sign-in calls (`POST /core/auth/login`, `POST /core/auth`). */
const COUNTRY_HEADER = 'X-Client-Country'
const CITY_HEADER = 'X-Client-City'

/** A session's sign-in, as the list of sessions shows it; null where it is not known. */
export type SignInPlace = { browser: string | null; os: string | null; country: string | null; city: string | null }

/** Browsers by the token their User-Agent carries, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]

/** Systems likewise (iOS and Android before the systems they derive from). */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const nameIn = (table: ReadonlyArray<readonly [RegExp, string]>, agent: string) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null

/** The browser and system a User-Agent names, or nulls. */
function readBrowser(agent: string | undefined): Pick<SignInPlace, 'browser' | 'os'> {
  const ua = (agent ?? '').slice(0, 512)
  return { browser: nameIn(BROWSERS, ua), os: nameIn(SYSTEMS, ua) }
}

/** A country code as Cloudflare gives it (`UZ`, or `XX`/`T1` for unknown and Tor), else null. */
function readCountry(value: string | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase()
  return /^[A-Z][A-Z0-9]$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null
}

/** A city name of at most 100 characters without control characters, else null. */
function readCity(value: string | undefined): string | null {
  if (!value) return null
  let city: string
  try {
    city = decodeURIComponent(value).trim()
  } catch {
    return null
  }
  return city && city.length <= 100 && !/[\u0000-\u001f\u007f]/.test(city) ? city : null
}

/** The sign-in `c` is making, as its session will remember it. */
export function readSignInPlace(c: Context): SignInPlace {
  return {
    ...readBrowser(c.req.header('User-Agent')),
    country: readCountry(c.req.header(COUNTRY_HEADER)),
    city: readCity(c.req.header(CITY_HEADER)),
  }
}
