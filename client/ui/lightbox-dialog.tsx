/** The lightbox's modal dialog (`lightbox.tsx`), loaded as the reader reaches for a photo. */
import {
  type Dispatch,
  type KeyboardEvent,
  type MouseEvent,
  type SetStateAction,
  useId,
  useLayoutEffect,
  useRef,
} from 'react'
import { useT } from '../runtime/i18n'
import { Icon } from './icon'
import type { LightboxImage } from './lightbox-grid'

export type LightboxDialogProps = {
  images: readonly LightboxImage[]
  /** The gallery's accessible name. */
  label: string
  /** The photo shown, or null while closed. */
  index: number | null
  onIndex: Dispatch<SetStateAction<number | null>>
  /** The dialog closed (also on Escape): the gallery returns the focus to the photo's thumbnail. */
  onClosed: () => void
}

export function LightboxDialog({ images, label, index, onIndex, onClosed }: LightboxDialogProps) {
  const t = useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const count = images.length
  const current = index === null ? null : images[index]

  // In the commit that draws the photo, not after the paint: when the dialog's code arrives late, a passive effect would
  // run a task later, and a key pressed in between (Escape) would reach a page whose dialog is drawn but not yet open.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (index !== null && !dialog.open) dialog.showModal()
    if (index === null && dialog.open) dialog.close()
  }, [index])

  const go = (delta: number) => onIndex((i) => (i === null ? i : (i + delta + count) % count))
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
    <dialog
      ref={dialogRef}
      className="lightbox__dialog"
      aria-labelledby={titleId}
      onClose={onClosed}
      onKeyDown={onKeyDown}
      onClick={onBackdrop}
    >
      {current && index !== null && (
        <div className="lightbox__frame">
          <div className="lightbox__bar">
            <p id={titleId} className="lightbox__title">
              <span className="visually-hidden">{label}: </span>
              {t('gallery.counter', { current: index + 1, total: count })}
            </p>
            <button
              type="button"
              className="icon-button lightbox__close"
              onClick={() => dialogRef.current?.close()}
              aria-label={t('gallery.close')}
            >
              <Icon name="close" />
            </button>
          </div>
          <figure className="lightbox__figure">
            <img
              key={current.src}
              src={current.src}
              alt={current.alt}
              width={current.width}
              height={current.height}
              decoding="async"
            />
            {(current.caption || current.alt) && (
              <figcaption className="lightbox__caption">{current.caption ?? current.alt}</figcaption>
            )}
          </figure>
          {count > 1 && (
            <div className="lightbox__nav">
              <button
                type="button"
                className="lightbox__step"
                onClick={() => go(-1)}
                aria-label={t('gallery.previous')}
              >
                <Icon name="chevron-left" />
              </button>
              <button type="button" className="lightbox__step" onClick={() => go(1)} aria-label={t('gallery.next')}>
                <Icon name="chevron-right" />
              </button>
            </div>
          )}
          <p
            className="visually-hidden"
            aria-live="polite"
          >{`${t('gallery.counter', { current: index + 1, total: count })}: ${current.caption ?? current.alt}`}</p>
        </div>
      )}
    </dialog>
  )
}
