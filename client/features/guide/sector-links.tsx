/** The other sectors as a list of links, for the sector pages' aside (the upstream's list, `sectors.tsx`). */
import { useT } from '../../runtime/i18n'
import { SectorLinkList, SectorsSection } from './sectors'

export function SectorLinks({ current }: { current: string }) {
  const t = useT()
  return (
    <nav className="guide-links" aria-labelledby="sector-links-title">
      <h2 className="guide-links__title" id="sector-links-title">
        {t('guide.sector.others')}
      </h2>
      <SectorsSection lines={6}>
        <SectorLinkList className="guide-links__sectors" except={current} />
      </SectorsSection>
    </nav>
  )
}
