/**
 * Site footer: the agency and its contacts, link columns for every main section, policies, site map and copyright.
 * The layout keeps the edge's footer (`kept.tsx`): this is its content, loaded when a footer is drawn in the browser.
 */
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Link } from '../router'
import { Icon } from './icon'
import { LogoMark } from './logo'
import { useNavSections } from './nav-sections'

export function SiteFooterContent() {
  const t = useT()
  const locale = useLocale()
  const { sections } = useNavSections()
  const legal = [
    { to: href('privacy-policy', { locale }), label: t('routes.privacyPolicy') },
    { to: href('cookie-policy', { locale }), label: t('routes.cookiePolicy') },
    { to: href('sitemap', { locale }), label: t('routes.sitemap') },
  ]
  return (
    <div className="container">
      <div className="site-footer__top">
        <div className="site-footer__brand">
          <Link to={href('home', { locale })} className="logo logo--inverse">
            <LogoMark />
            <span className="logo__text">
              <span className="logo__name">{t('site.name')}</span>
              <span className="logo__country">{t('site.country')}</span>
            </span>
          </Link>
          <p className="site-footer__about">{t('footer.about')}</p>
          <address className="site-footer__contacts">
            <span className="site-footer__contact">
              <Icon name="map-pin" />
              {t('footer.address')}
            </span>
            <a className="site-footer__contact" href={`tel:${t('footer.phoneHref')}`}>
              <Icon name="phone" />
              {t('footer.phone')}
            </a>
            <a className="site-footer__contact" href={`mailto:${t('footer.email')}`}>
              <Icon name="mail" />
              {t('footer.email')}
            </a>
          </address>
        </div>
        <nav className="site-footer__nav" aria-label={t('nav.footer')}>
          {sections.map((section) => {
            const headingId = `footer-${section.id}`
            // The eight reasons are one click away in the guide; the footer keeps to the main pages and the conditions.
            const links = (section.id === 'guide' ? section.groups.slice(0, 3) : section.groups).flatMap((g) => g.links)
            return (
              <div key={section.id} className="site-footer__column">
                <h2 id={headingId} className="site-footer__heading">
                  {section.label}
                </h2>
                <ul aria-labelledby={headingId}>
                  {links.map((l) => (
                    <li key={l.to}>
                      <Link to={l.to}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
        </nav>
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__copy">{t('site.copyright', { year: 2026 })}</p>
        <ul className="site-footer__legal">
          {legal.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
