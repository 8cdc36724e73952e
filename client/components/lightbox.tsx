/**
 * Image gallery with a lightbox: a grid of thumbnails (real links to the full image, so it works before hydration)
 * and a modal `<dialog>` with captions, previous/next, arrow keys and Escape; focus returns to the thumbnail.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useT } from '../i18n'
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

export function Lightbox({ images, label, captions = false, className }: LightboxProps) {
  const t = useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([])
  const [index, setIndex] = useState<number | null>(null)
  const titleId = useId()
  const count = images.length
  const current = index === null ? null : images[index]

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (index !== null && !dialog.open) dialog.showModal()
    if (index === null && dialog.open) dialog.close()
  }, [index])

  const open = (i: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setIndex(i)
  }
  const go = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + count) % count))
  // The dialog closes itself on Escape; this keeps React's state and the focus in step with it.
  const onClose = () => {
    const last = index
    setIndex(null)
    if (last !== null) thumbs.current[last]?.focus()
  }
  // On the dialog itself, so the arrow keys page through whichever control inside has focus.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(-1)
    }
  }
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialogRef.current?.close()
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
              >
                <img src={image.thumb ?? image.src} alt={image.alt} width={image.width ?? 640} height={image.height ?? 480} loading="lazy" decoding="async" />
                <span className="gallery-grid__zoom" aria-hidden="true"><Icon name="zoom-in" /></span>
              </a>
              {captions && image.caption && <figcaption>{image.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      <dialog ref={dialogRef} className="lightbox__dialog" aria-labelledby={titleId} onClose={onClose} onKeyDown={onKeyDown} onClick={onBackdrop}>
        {current && index !== null && (
          <div className="lightbox__frame">
            <div className="lightbox__bar">
              <p id={titleId} className="lightbox__title">
                <span className="visually-hidden">{label}: </span>
                {t('gallery.counter', { current: index + 1, total: count })}
              </p>
              <button type="button" className="icon-button lightbox__close" onClick={() => dialogRef.current?.close()} aria-label={t('gallery.close')}>
                <Icon name="close" />
              </button>
            </div>
            <figure className="lightbox__figure">
              <img key={current.src} src={current.src} alt={current.alt} width={current.width} height={current.height} decoding="async" />
              {(current.caption || current.alt) && <figcaption className="lightbox__caption">{current.caption ?? current.alt}</figcaption>}
            </figure>
            {count > 1 && (
              <div className="lightbox__nav">
                <button type="button" className="lightbox__step" onClick={() => go(-1)} aria-label={t('gallery.previous')}>
                  <Icon name="chevron-left" />
                </button>
                <button type="button" className="lightbox__step" onClick={() => go(1)} aria-label={t('gallery.next')}>
                  <Icon name="chevron-right" />
                </button>
              </div>
            )}
            <p className="visually-hidden" aria-live="polite">{`${t('gallery.counter', { current: index + 1, total: count })}: ${current.caption ?? current.alt}`}</p>
          </div>
        )}
      </dialog>
    </div>
  )
}
