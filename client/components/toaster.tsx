/** The one toast region (SPEC §9): sonner with the spec's values; `toast()` itself runs only in the browser. */
import { Toaster as Sonner } from 'sonner'
import { TOAST } from '../../shared/constants'
import { useT } from '../i18n'

export function Toaster() {
  const t = useT()
  return (
    <Sonner
      position={TOAST.position}
      duration={TOAST.duration}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      offset={TOAST.offset}
      hotkey={TOAST.hotkey}
      swipeDirections={['right', 'bottom']}
      containerAriaLabel={t('toast.region')}
      closeButton
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      style={{ ['--width' as string]: `${TOAST.width}px` }}
    />
  )
}
