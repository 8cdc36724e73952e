/** Site header: logo, primary navigation, language switcher, sign-in or the profile menu. */
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Link } from '../router'
import { useSession } from '../session'
import { Button } from './button'
import { Icon } from './icon'
import { LanguageSwitcher } from './language-switcher'

export function SiteHeader({ fixed }: { fixed: boolean }) {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const nav = [
    { to: href('about', { locale }), label: t('nav.about') },
    { to: href('media', { locale, params: { id: 'news' } }), label: t('nav.media') },
    { to: href('guide-project', { locale }), label: t('nav.guide') },
    { to: href('service-category-index', { locale }), label: t('nav.services') },
    { to: href('contacts', { locale }), label: t('nav.contacts') },
  ]
  return (
    <header className={fixed ? 'site-header site-header--fixed' : 'site-header'}>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <div className="site-header__inner container">
        <Link to={href('home', { locale })} className="site-header__logo">
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="#0072A3" />
            <path d="M8 22l8-12 8 12M11 18h10" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{t('site.name')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.primary')}>
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <Link to={href('search', { locale })} className="icon-link" aria-label={t('nav.search')}>
            <Icon name="search" />
          </Link>
          <LanguageSwitcher />
          {session.loggedIn ? (
            <div className="profile-menu">
              <Button to={href('profile', { locale })} variant="outline" size="sm" iconName="user" label={t('nav.profile')} />
              <Button variant="ghost" size="sm" iconName="log-out" label={t('nav.signOut')} loading={session.loading} onClick={() => void session.clear()} />
            </div>
          ) : (
            <Button to={href('sign-in', { locale, query: { role: 'investor' } })} size="sm" iconName="user" label={t('nav.signIn')} />
          )}
        </div>
      </div>
    </header>
  )
}
