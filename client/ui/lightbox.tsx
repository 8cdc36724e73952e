/**
 * Image gallery with a lightbox: a grid of thumbnails (real links to the full image, so it works before hydration)
 * and a modal `<dialog>` with captions, previous/next, arrow keys and Escape; focus returns to the thumbnail. The
 * dialog's code (`lightbox-dialog.tsx`) loads as the pointer or the focus reaches a photo, or with the first press.
 */
import { type MouseEvent, Suspense, useRef, useState } from 'react'
import { lazyComponent } from '../runtime/lazy-component'
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

export type LightboxProps = {
  images: readonly LightboxImage[]
  /** Accessible name of the gallery, e.g. the album title. */
  label: string
  /** Show captions under the thumbnails too. */
  captions?: boolean
  className?: string
}

const LightboxDialog = lazyComponent(() => import('./lightbox-dialog').then((m) => m.LightboxDialog))
const preloadDialog = () => void LightboxDialog.preload()

export function Lightbox({ images, label, captions = false, className }: LightboxProps) {
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([])
  const [index, setIndex] = useState<number | null>(null)
  // The dialog is drawn from the first opening on (its code arrives then, if the pointer did not bring it earlier).
  const [opened, setOpened] = useState(false)

  const open = (i: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setOpened(true)
    setIndex(i)
  }
  const onClosed = () => {
    const last = index
    setIndex(null)
    if (last !== null) thumbs.current[last]?.focus()
  }

  return (
    <div className={['lightbox', className].filter(Boolean).join(' ')}>
      <ul className="gallery-grid" aria-label={label}>
        {images.map((image, i) => (
          <li key={image.src + i}>
            <figure className="gallery-grid__figure">
              <a
                ref={(el) => {
                  thumbs.current[i] = el
                }}
                href={image.src}
                className="gallery-grid__link"
                aria-haspopup="dialog"
                onClick={open(i)}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
              >
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
      {opened && (
        <Suspense fallback={null}>
          <LightboxDialog images={images} label={label} index={index} onIndex={setIndex} onClosed={onClosed} />
        </Suspense>
      )}
    </div>
  )
}
