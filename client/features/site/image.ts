/** Image URLs from gateway payloads, whichever form they come in. */
import type { FileRef } from '../../../contract/gateway/common'

/**
 * The image's URL (the thumbnail when `thumb` and one exists), or null when there is none or it is not a site or
 * http(s) URL.
 */
export function imageSrc(image: FileRef, thumb = false): string | null {
  const raw =
    typeof image === 'string'
      ? image
      : thumb
        ? image?.thumbnail_link || image?.download_link
        : image?.download_link || image?.thumbnail_link
  if (!raw) return null
  return /^(\/(?!\/)|https?:\/\/)/i.test(raw) ? raw : null
}
