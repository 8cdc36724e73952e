/**
 * The sonner region with the docs/product.md#constants values; loaded with the first toast, so sonner stays out of a
 * first view.
 */
import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
// Sonner's own sheet (it no longer injects it, see build/sonner-spec-values.ts): Vite links it before the region
// renders.
import 'sonner/dist/styles.css'
import { TOAST } from '../../shared/constants'

export function ToasterRegion({
  label,
  closeLabel,
  onReady,
}: {
  label: string
  closeLabel: string
  onReady: () => void
}) {
  useEffect(onReady, [onReady])
  return (
    <Sonner
      position={TOAST.position}
      duration={TOAST.duration}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      offset={TOAST.offset}
      hotkey={TOAST.hotkey}
      swipeDirections={['right', 'bottom']}
      containerAriaLabel={label}
      closeButton
      toastOptions={{ closeButtonAriaLabel: closeLabel }}
      style={{ ['--width' as string]: `${TOAST.width}px` }}
    />
  )
}
