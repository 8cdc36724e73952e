/**
 * The one toast region (docs/product.md#constants). Until the first toast is asked for (a page notice, a gateway
 * failure, a form's
 * answer) the region is an empty live region labelled as sonner labels its own; sonner, its region and its styles load
 * with that first toast, so a first view that shows none never fetches them.
 */
import { type ComponentType, useEffect, useState } from 'react'
import { TOAST } from '../../shared/constants'
import { useT } from '../runtime/i18n'
import { markToasterReady, onToasterWanted } from '../runtime/notify'

type RegionProps = { label: string; closeLabel: string; onReady: () => void }

/** Sonner's own label suffix for its hotkey (`altKey`+`KeyT` reads "alt+T"). */
const HOTKEY_LABEL = TOAST.hotkey.join('+').replace(/Key/g, '').replace(/Digit/g, '')

export function Toaster() {
  const t = useT()
  const [Region, setRegion] = useState<ComponentType<RegionProps> | null>(null)
  useEffect(
    () => onToasterWanted(() => void import('./toaster-region').then((m) => setRegion(() => m.ToasterRegion))),
    [],
  )
  if (Region) return <Region label={t('toast.region')} closeLabel={t('toast.close')} onReady={markToasterReady} />
  return (
    <section
      aria-label={`${t('toast.region')} ${HOTKEY_LABEL}`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    />
  )
}
