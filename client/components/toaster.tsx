/** The one toast region (SPEC §9). Mounted once the page is idle after hydration; toasts wait for it. */
import { useEffect, useState, type ComponentType } from 'react'
import { markToasterReady } from '../notify'
import { useT } from '../i18n'

type RegionProps = { label: string; closeLabel: string; onReady: () => void }

export function Toaster() {
  const t = useT()
  const [Region, setRegion] = useState<ComponentType<RegionProps> | null>(null)
  useEffect(() => {
    const load = () => void import('./toaster-region').then((m) => setRegion(() => m.ToasterRegion))
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 })
    else setTimeout(load, 200)
  }, [])
  return Region ? <Region label={t('toast.region')} closeLabel={t('toast.close')} onReady={markToasterReady} /> : null
}
