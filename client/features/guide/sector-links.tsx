/** The other sectors as a list of links, for the sector pages' aside (the upstream's list, `sectors.tsx`). */
import { siteKeys } from '../../../shared/keys/site-keys'
import { href } from '../../../shared/routing/match'
import { Section } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { SkeletonRegion, SkeletonText } from '../../ui/skeleton'
import { useSectors } from './sectors'

export function SectorLinks({ current }: { current: string }) {
  const t = useT()
  return (
    <nav className="guide-links" aria-labelledby="sector-links-title">
      <h2 className="guide-links__title" id="sector-links-title">
        {t('guide.sector.others')}
      </h2>
      <Section
        keys={[siteKeys.settings()]}
        fallback={
          <SkeletonRegion>
            <SkeletonText lines={6} />
          </SkeletonRegion>
        }
      >
        <OtherSectors current={current} />
      </Section>
    </nav>
  )
}

function OtherSectors({ current }: { current: string }) {
  const locale = useLocale()
  const sectors = useSectors().filter((s) => s.slug !== current)
  return (
    <ul className="guide-links__sectors">
      {sectors.map((s) => (
        <li key={s.slug}>
          <Link to={href('sector', { locale, params: { sector: s.slug } })}>{s.name}</Link>
        </li>
      ))}
    </ul>
  )
}
