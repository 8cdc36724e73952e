/**
 * A lightbox's thumbnails (`lightbox.tsx`): real links to the full images, so they work before and without the
 * lightbox's code. The opener around them finds a photo by its `data-lightbox` index, so the grid can also be part of
 * a static section that the browser keeps as the edge drew it (docs/decisions/0021-static-sections.md).
 */
import { Icon } from './icon'

export type LightboxImage = {
  src: string
  /** What the image shows; required, because each thumbnail is a link named by it. */
  alt: string
  caption?: string
  width?: number
  height?: number
  /** A smaller file for the grid; `src` when absent. */
  thumb?: string
}

export type LightboxGridProps = {
  images: readonly LightboxImage[]
  /** Accessible name of the gallery, e.g. the album title. */
  label: string
  /** Show captions under the thumbnails too. */
  captions?: boolean
}

export function LightboxGrid({ images, label, captions = false }: LightboxGridProps) {
  return (
    <ul className="gallery-grid" aria-label={label}>
      {images.map((image, i) => (
        <li key={image.src + i}>
          <figure className="gallery-grid__figure">
            <a href={image.src} className="gallery-grid__link" aria-haspopup="dialog" data-lightbox={i}>
              <img
                src={image.thumb ?? image.src}
                alt={image.alt}
                width={image.width ?? 640}
                height={image.height ?? 480}
                loading="lazy"
                decoding="async"
              />
              <span className="gallery-grid__zoom" aria-hidden="true">
                <Icon name="zoom-in" />
              </span>
            </a>
            {captions && image.caption && <figcaption>{image.caption}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  )
}
