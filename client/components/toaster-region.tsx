/** The sonner region with the SPEC §9 values; loaded after hydration so sonner stays out of the first-load bundle. */
import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { TOAST } from '../../shared/constants'

export function ToasterRegion({ label, closeLabel, onReady }: { label: string; closeLabel: string; onReady: () => void }) {
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
