/**
 * The coarse place of a sign-in (docs/gateway-contract.md#sessions): only the portal's edge sees `request.cf`, so it
 * hands the gateway the country code and city on the sign-in calls, as it hands the device token, and the person's
 * list of sessions shows them. Never the address or coordinates.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../types'

/** The headers the gateway reads them from. */
const COUNTRY_HEADER = 'x-client-country'
const CITY_HEADER = 'x-client-city'

/** The country and city Cloudflare placed this request in, as headers for a sign-in call; none it does not know. */
export function signInPlaceHeaders(c: Context<AppEnv>): Record<string, string> {
  const cf = c.req.raw.cf as { country?: unknown; city?: unknown } | undefined
  const headers: Record<string, string> = {}
  if (typeof cf?.country === 'string' && cf.country) headers[COUNTRY_HEADER] = cf.country
  // A city may be any script; the header carries it percent-encoded.
  if (typeof cf?.city === 'string' && cf.city) headers[CITY_HEADER] = encodeURIComponent(cf.city.slice(0, 100))
  return headers
}
