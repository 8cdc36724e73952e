/**
 * What the gateway's sanitiser keeps, as the editor checks it before the gateway does (docs/security.md#rendering):
 * the addresses a link may have, and the images a text may show.
 */
import { isPortalImageSrc } from '../../contract/rich-text'

/**
 * The sanitiser's rule for links: http(s), mailto, tel, a site path or a fragment, with no space, quote, angle bracket
 * or backslash (a browser reads `/\host` as another site).
 */
const KEPT_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)[^\s"'<>`\\]*$/i

/** Whether the gateway keeps a link to `href`. */
export function isKeptHref(href: string): boolean {
  if (!KEPT_HREF.test(href)) return false
  if (!/^https?:/i.test(href)) return true
  try {
    return new URL(href).hostname.includes('.')
  } catch {
    return false
  }
}

/** Whether `src` is an image the gateway keeps: one of the portal's uploads. */
export const isPortalImage = isPortalImageSrc
