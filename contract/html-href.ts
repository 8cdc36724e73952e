/**
 * Where an address in the APIs' HTML leads (a link's `href`, an image's `src`), decided once for the gateway's
 * sanitiser and the portal's renderer, as a browser decides it: by the WHATWG URL parser, against the portal's origin,
 * after the attribute's character references are decoded (docs/security.md#rendering). So `\` counts as `/`, tabs and
 * newlines vanish, and `/\host` or `//host` leaves the site although it looks like a path: such an address is dropped.
 * Another site is reached only by an address that names its scheme (`https://…`).
 */

/**
 * The WHATWG URL parser: every runtime that reads the contract has it (workerd, browsers, Node), while the contract's own
 * type library has no runtime's globals; this names the little of it the rule reads.
 */
declare const URL: new (input: string, base: string) => ParsedUrl
type ParsedUrl = Readonly<{
  protocol: string
  origin: string
  pathname: string
  search: string
  hash: string
  href: string
}>

/** What the address is for: a link (web pages, mail and phone) or an image (web only). */
export type HrefUse = 'link' | 'image'

/** Where an address leads, and the value to write for it. */
export type HrefTarget = Readonly<{
  /**
   * The attribute's value: an address on the site as it was written (relative ones stay relative to the page), the
   * path of one written absolutely, another site's URL as the parser reads it, a mail or phone address as written.
   */
  href: string
  /** A page of the portal, another site, or a mail or phone app. */
  kind: 'portal' | 'external' | 'app'
}>

const SCHEMES: Readonly<Record<HrefUse, readonly string[]>> = {
  link: ['http:', 'https:', 'mailto:', 'tel:'],
  image: ['http:', 'https:'],
}

/** The origin of nobody, for a caller that has no portal origin (an address is then never the portal's own). */
const NO_ORIGIN = 'https://portal.invalid'

/** `origin` as the parser writes an origin, if it is an http(s) one. */
function originOf(origin: string): string {
  try {
    const url = new URL(origin, NO_ORIGIN)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : NO_ORIGIN
  } catch {
    return NO_ORIGIN
  }
}

/**
 * Where `value` (an attribute's value, its references decoded) leads for `use` on the portal at `portalOrigin`, or
 * null when it may not be kept: an unsafe scheme, an address that leaves the site while looking like a path, a path
 * with an encoded backslash (no page has one, and whatever decodes it would read `//`), control characters.
 */
export function resolveHref(value: string, portalOrigin: string, use: HrefUse = 'link'): HrefTarget | null {
  // The parser drops tabs and newlines anywhere and trims controls and spaces at both ends.
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  if (!cleaned || /[\u0000-\u001f\u007f]/.test(cleaned)) return null
  const origin = originOf(portalOrigin)
  let url: ParsedUrl
  try {
    url = new URL(cleaned, `${origin}/`)
  } catch {
    return null
  }
  if (!SCHEMES[use].includes(url.protocol)) return null
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return { href: cleaned, kind: 'app' }
  const named = /^[a-z][a-z\d+.-]*:/i.test(cleaned)
  if (url.origin === origin) {
    if (/%5c/i.test(url.pathname)) return null
    return { href: named ? url.pathname + url.search + url.hash : cleaned, kind: 'portal' }
  }
  return named ? { href: url.href, kind: 'external' } : null
}
