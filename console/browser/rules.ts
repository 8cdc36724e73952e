/**
 * What the gateway's sanitiser keeps, as the editor checks it before the gateway does (docs/security.md#rendering):
 * the addresses a link may have, and the images a text may show.
 */
import { resolveHref } from '../../contract/html-href'
import { isPortalImageSrc } from '../../contract/rich-text'

/**
 * Whether the gateway keeps a link to `href`: the sanitiser's own rule (`contract/html-href.ts`), so `/\host` and its
 * kin are refused here as there. The console does not know the portal's origin; the portal's absolute addresses count
 * as another site's here, which the gateway keeps too (as paths).
 */
export function isKeptHref(href: string): boolean {
  return resolveHref(href, '', 'link') !== null
}

/** Whether `src` is an image the gateway keeps: one of the portal's uploads. */
export const isPortalImage = isPortalImageSrc
