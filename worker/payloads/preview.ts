/**
 * Preview links (docs/decisions/0031-publishing.md): `?preview={token}` on a page address. The upstream signed the token
 * and alone verifies it; the portal only recognises one (its shape and expiry, so a made-up value does not switch the
 * caches off), forwards it with every public call of the request, and keeps nothing of the answer.
 */

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAM = 'preview'

/** The header the token goes to the upstream in (docs/gateway-contract.md#preview). */
export const PREVIEW_HEADER = 'x-preview-token'

/** `{kind}.{id}.{expiry in s}.{signature}`. */
const TOKEN = /^[a-z_]{1,20}\.\d{1,10}\.(\d{1,12})\.[A-Za-z0-9_-]{43}$/

/** The request's preview token if it has one of the right shape that has not expired, else null. */
export function readPreviewToken(search: URLSearchParams, now: number): string | null {
  const token = search.get(PREVIEW_PARAM)
  const m = token ? TOKEN.exec(token) : null
  return m && Number(m[1]) * 1000 > now ? token : null
}
