/**
 * Images in rich text (docs/gateway-contract.md#operator-content): an `html` field may show the portal's own uploads
 * only, by their site path (`/gateway/document/public/file/{id}`, docs/gateway-contract.md#uploads), never another
 * site's address: the gateway's sanitiser keeps an `<img>` whose `src` is one (with its alternative text), and the
 * console's editor offers nothing else.
 */

/** A file's public route: the upstream's `/document/public/file/{id}` under a site path prefix (the portal's `/gateway`). */
const PORTAL_IMAGE_SRC = /^(?:\/[\w.-]+)*\/document\/public\/file\/[A-Za-z0-9_-]{8,64}$/

/** Whether `src` is the site path of an uploaded file, the only image source rich text keeps. */
export function isPortalImageSrc(src: string): boolean {
  return PORTAL_IMAGE_SRC.test(src)
}

/** The portal's path of the uploaded file `id`: its public route through the portal's `/gateway`. */
export function portalFilePath(id: string): string {
  return `/gateway/document/public/file/${encodeURIComponent(id)}`
}
