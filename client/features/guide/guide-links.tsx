/** "In this guide": the investor guide's sections as a list of links, the current one marked. */
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouter } from '../../runtime/router'
import { Icon } from '../../ui/icon'

const SECTIONS = [
  { id: 'guide-project', label: 'guide.links.projects' },
  { id: 'explore', label: 'guide.links.explore' },
  { id: 'guide-partnership', label: 'guide.links.partnership' },
  { id: 'guide-privatization', label: 'guide.links.privatization' },
  { id: 'guide-register-investor', label: 'guide.links.registerInvestor' },
  { id: 'guide-register-business', label: 'guide.links.registerBusiness' },
] as const

export function GuideLinks() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  return (
    <nav className="guide-links" aria-labelledby="guide-links-title">
      <h2 className="guide-links__title" id="guide-links-title">
        {t('guide.links.title')}
      </h2>
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link to={href(s.id, { locale })} aria-current={route.id === s.id ? 'page' : undefined}>
              <span>{t(s.label)}</span>
              <Icon name="chevron-right" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
