/**
 * Site header (docs/design.md#header): a utility strip (languages, sign-in or the profile menu) and the main bar with
 * the logo, the primary navigation — a mega-menu on wide screens, a disclosure menu on small ones — and search.
 */
import { Suspense, useId, useRef, useState } from 'react'
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Link, useRouter } from '../router'
import { useSession } from '../session'
import { Button } from './button'
import { Icon } from './icon'
import { LanguageSwitcher } from './language-switcher'
import { NotificationBellSlot } from './notification-bell-slot'
import { NAV_SECTION_IDS, navSectionOf, type NavSectionId } from './nav-section-ids'
import { useDismiss } from './use-dismiss'
import { lazyComponent } from '../lazy-component'
import { keptComponent } from '../kept'

/** The logo is a plain link home: the browser keeps it as the edge drew it. */
const Logo = keptComponent(() => import('./logo').then((m) => m.LogoContent))

/** `fixed`: the main bar stays at the top while the page scrolls (the utility strip scrolls away). */
export function SiteHeader({ fixed }: { fixed: boolean }) {
  const t = useT()
  const locale = useLocale()
  return (
    <header className={fixed ? 'site-header site-header--fixed' : 'site-header'}>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <p className="site-header__tagline">{t('header.tagline')}</p>
          <LanguageSwitcher />
          <NotificationBellSlot />
          <AccountMenu />
        </div>
      </div>
      <div className="site-header__bar">
        <div className="container site-header__bar-inner">
          <Logo as="a" href={href('home', { locale })} className="logo" props={{}} />
          <MegaMenu />
          <div className="site-header__actions">
            <Link to={href('search', { locale })} className="icon-button site-header__search">
              <Icon name="search" />
              <span className="site-header__search-label">{t('nav.search')}</span>
            </Link>
            <MobileMenu />
          </div>
        </div>
      </div>
    </header>
  )
}

/**
 * The menus' panels (their links and the code that draws them) load when a reader reaches for a menu: on pointer or
 * focus entering the navigation, at the latest with the click that opens it.
 */
const MegaPanel = lazyComponent(() => import('./header-menus').then((m) => m.MegaPanel))
const MobileMenuNav = lazyComponent(() => import('./header-menus').then((m) => m.MobileMenuNav))
const preloadMenus = () => void MegaPanel.preload()

/** Wide screens: each section is a disclosure button opening a panel of links. */
function MegaMenu() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  const [openId, setOpenId] = useState<NavSectionId | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const baseId = useId()
  const buttonId = (id: string) => `${baseId}-${id}-button`
  const current = navSectionOf(route.id)
  const contacts = href('contacts', { locale })

  useDismiss(navRef, openId !== null, (reason) => {
    if (reason === 'escape' && openId) document.getElementById(buttonId(openId))?.focus()
    setOpenId(null)
  })

  return (
    <nav ref={navRef} className="mega-nav" aria-label={t('nav.primary')} onPointerEnter={preloadMenus} onFocus={preloadMenus}>
      <ul className="mega-nav__list">
        {NAV_SECTION_IDS.map((id) => {
          const open = openId === id
          const panelId = `${baseId}-${id}-panel`
          return (
            <li key={id} className="mega-nav__item">
              <button
                type="button"
                id={buttonId(id)}
                className={current === id ? 'mega-nav__toggle is-current' : 'mega-nav__toggle'}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : id)}
              >
                {t(`nav.${id}`)}
                <Icon name="chevron-down" className="mega-nav__chevron" />
              </button>
              {/* Drawn when opened, like the mobile menu: only script opens a panel. */}
              <div id={panelId} className="mega-panel" hidden={!open}>
                {open && (
                  <Suspense fallback={null}>
                    <MegaPanel sectionId={id} onNavigate={() => setOpenId(null)} />
                  </Suspense>
                )}
              </div>
            </li>
          )
        })}
        <li className="mega-nav__item">
          <Link to={contacts} className="mega-nav__link" aria-current={route.path === contacts ? 'page' : undefined}>
            {t('nav.contacts')}
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** Small screens: one toggle opens the whole menu; each section inside is its own disclosure. */
function MobileMenu() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const baseId = useId()
  const panelId = `${baseId}-panel`

  useDismiss(rootRef, open, (reason) => {
    setOpen(false)
    if (reason === 'escape') toggleRef.current?.focus()
  })

  return (
    <div ref={rootRef} className="mobile-menu">
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={preloadMenus}
        onFocus={preloadMenus}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span>{open ? t('nav.closeMenu') : t('nav.menu')}</span>
      </button>
      {/* The links are drawn when the menu opens: only script opens it, so the edge does not put the whole navigation
          into every document as hidden elements. The footer and the sitemap link every section for readers without it. */}
      <div id={panelId} className="mobile-menu__panel" hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <MobileMenuNav baseId={baseId} onNavigate={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </div>
  )
}

/** Display name of the signed-in person: `profile[profile.role]` holds the details (docs/gateway-contract.md#profile). */
function readName(profile: Record<string, unknown> | null): { name: string; initials: string } {
  const inner = (profile && typeof profile.role === 'string' ? profile[profile.role] : null) ?? profile
  const rec = (inner && typeof inner === 'object' ? inner : {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const name = [str(rec.name), str(rec.surname)].filter(Boolean).join(' ') || str(rec.company_name) || str(profile?.email)
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('')
  return { name, initials }
}

/** Sign-in for visitors; for a signed-in person a disclosure menu with the personal area and sign-out. */
function AccountMenu() {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const { route } = useRouter()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  useDismiss(rootRef, open, (reason) => {
    setOpen(false)
    if (reason === 'escape') toggleRef.current?.focus()
  })

  if (session.unavailable) {
    // The session is kept but its profile could not be read: a full load of this page asks the edge again.
    return (
      <a href={route.path + route.search} className="account-link account-link--retry" aria-label={t('session.retry')}>
        <Icon name="refresh" />
        <span className="account-link__label">{t('session.unavailableLabel')}</span>
      </a>
    )
  }
  if (!session.loggedIn) {
    return (
      <Link to={href('sign-in', { locale, query: { role: 'investor' } })} className="account-link">
        <Icon name="user" />
        <span className="account-link__label">{t('nav.signIn')}</span>
      </Link>
    )
  }
  const { name, initials } = readName(session.profile as Record<string, unknown> | null)
  const resident = session.profile?.is_resident === true
  const links = [
    { to: href('profile', { locale }), label: t('routes.profile') },
    { to: href('profile-company', { locale }), label: t('routes.company') },
    resident ? { to: href('profile-my-services', { locale }), label: t('routes.myServices') } : null,
    { to: href('profile-appeals', { locale }), label: t('routes.appeals') },
    { to: href('profile-my-projects', { locale }), label: t('routes.myProjects') },
  ].filter((l) => l !== null)
  return (
    <div ref={rootRef} className="account-menu">
      <button ref={toggleRef} type="button" className="account-menu__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="account-menu__avatar" aria-hidden="true">{initials || <Icon name="user" />}</span>
        <span className="account-menu__label">{t('nav.profile')}</span>
        <Icon name="chevron-down" className="account-menu__chevron" />
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        {name && <p className="account-menu__name">{name}</p>}
        <ul>
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={() => setOpen(false)}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <Button
          variant="ghost"
          color="danger"
          size="sm"
          iconName="log-out"
          className="account-menu__signout"
          label={t('nav.signOut')}
          loading={session.loading}
          onClick={() => void session.clear()}
        />
      </div>
    </div>
  )
}
