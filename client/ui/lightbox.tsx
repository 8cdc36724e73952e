/**
 * A lightbox around a grid of thumbnails (`lightbox-grid.tsx`): a modal `<dialog>` with captions, previous/next, arrow
 * keys and Escape; focus returns to the thumbnail. The opener listens on its element for presses on the thumbnails
 * inside it, so the grid may be markup the browser never hydrates (a static section), and a page that keeps it so
 * loads no grid code. The dialog's code (`lightbox-dialog.tsx`) loads as the pointer or the focus reaches a photo, or
 * with the first press.
 */
import { type MouseEvent, type ReactNode, Suspense, useRef, useState } from 'react'
import { lazyComponent } from '../runtime/lazy-component'
import type { LightboxImage } from './lightbox-grid'

const LightboxDialog = lazyComponent(() => import('./lightbox-dialog').then((m) => m.LightboxDialog))

/** The thumbnail link an event happened on, if any. */
const photoOf = (target: EventTarget): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-lightbox]') : null

const preloadDialog = (event: { target: EventTarget }) => {
  if (photoOf(event.target)) void LightboxDialog.preload()
}

export type LightboxOpenerProps = {
  images: readonly LightboxImage[]
  label: string
  className?: string
  /** The grid of `images`, drawn here or kept as the edge drew it. */
  children: ReactNode
}

/** Opens the dialog at the photo pressed inside it; a press that opens a new tab or window stays the browser's. */
export function LightboxOpener({ images, label, className, children }: LightboxOpenerProps) {
  const root = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState<number | null>(null)
  // The dialog is drawn from the first opening on (its code arrives then, if the pointer did not bring it earlier).
  const [opened, setOpened] = useState(false)

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const photo = photoOf(event.target)
    if (!photo || event.defaultPrevented) return
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const i = Number(photo.dataset.lightbox)
    if (!(i >= 0 && i < images.length)) return
    event.preventDefault()
    setOpened(true)
    setIndex(i)
  }
  const onClosed = () => {
    const last = index
    setIndex(null)
    if (last !== null) root.current?.querySelector<HTMLElement>(`a[data-lightbox="${last}"]`)?.focus()
  }

  return (
    <div
      ref={root}
      className={['lightbox', className].filter(Boolean).join(' ')}
      onClick={onClick}
      onPointerOver={preloadDialog}
      onFocus={preloadDialog}
    >
      {children}
      {opened && (
        <Suspense fallback={null}>
          <LightboxDialog images={images} label={label} index={index} onIndex={setIndex} onClosed={onClosed} />
        </Suspense>
      )}
    </div>
  )
}
