/** The services area's own sections (catalogue, e-auction, UzEx) as a row of links under the hero. */
import { href } from '../../../shared/routing/match'
import type { RouteId } from '../../../shared/routing/routes'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouter } from '../../runtime/router'

const SECTIONS: readonly {
  id: 'service-category-index' | 'e-auction' | 'uz-ex'
  label: string
  match: readonly RouteId[]
}[] = [
  {
    id: 'service-category-index',
    label: 'services.sections.catalog',
    match: ['service-category-index', 'service-category', 'service'],
  },
  { id: 'e-auction', label: 'services.sections.eAuction', match: ['e-auction', 'e-auction-lot'] },
  { id: 'uz-ex', label: 'services.sections.uzEx', match: ['uz-ex'] },
]

export function ServicesTabs() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  return (
    <nav className="chip-nav services-tabs" aria-label={t('services.sections.label')}>
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link
              to={href(s.id, { locale })}
              className="chip"
              aria-current={route.id && s.match.includes(route.id) ? 'page' : undefined}
            >
              {t(s.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
