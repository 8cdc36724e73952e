/** The other sectors as a list of links, for the sector pages' aside. */
import { href } from '../../../shared/routing/match'
import { SECTORS } from '../../../shared/routing/routes'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'

export function SectorLinks({ current }: { current: string }) {
  const t = useT()
  const locale = useLocale()
  return (
    <nav className="guide-links" aria-labelledby="sector-links-title">
      <h2 className="guide-links__title" id="sector-links-title">
        {t('guide.sector.others')}
      </h2>
      <ul className="guide-links__sectors">
        {SECTORS.filter((s) => s !== current).map((s) => (
          <li key={s}>
            <Link to={href('sector', { locale, params: { sector: s } })}>{t(`guide.sectors.${s}.name`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
