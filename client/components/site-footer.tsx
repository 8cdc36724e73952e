/** Site footer: secondary links, policies and the site map. */
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Link } from '../router'

export function SiteFooter() {
  const t = useT()
  const locale = useLocale()
  const links = [
    { to: href('sitemap', { locale }), label: t('routes.sitemap') },
    { to: href('contact-us', { locale }), label: t('routes.contactUs') },
    { to: href('cookie-policy', { locale }), label: t('routes.cookiePolicy') },
    { to: href('privacy-policy', { locale }), label: t('routes.privacyPolicy') },
  ]
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__name">{t('site.name')}</p>
        <nav aria-label={t('nav.footer')}>
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">{t('site.copyright', { year: 2026 })}</p>
      </div>
    </footer>
  )
}
