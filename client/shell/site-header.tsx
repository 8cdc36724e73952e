/**
 * Site header (docs/design.md#header): a utility strip (languages, sign-in or the profile menu) and the main bar with
 * the logo, the primary navigation — a mega-menu on wide screens, a disclosure menu on small ones — and search.
 */
import { Suspense, useId, useRef, useState } from 'react'
import { href } from '../../shared/routing/match'
import { NotificationBellSlot } from '../features/notifications/notification-bell-slot'
import { useLocale, useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { Link, useRouter } from '../runtime/router'
import { useSession } from '../runtime/session'
import { staticSection } from '../runtime/static-section'
import { Icon } from '../ui/icon'
import { useDismiss } from '../ui/use-dismiss'
import { LanguageSwitcher } from './language-switcher'
import { NAV_SECTION_IDS, type NavSectionId, navSectionOf } from './nav-section-ids'
import { AccountMenu } from './shell-parts'

/** The logo is a plain link home: the browser keeps it as the edge drew it. */
const Logo = staticSection(() => import('./logo').then((m) => m.LogoContent))

/** `fixed`: the main bar stays at the top while the page scrolls (the utility strip scrolls away). */
export function SiteHeader({ fixed }: { fixed: boolean }) {
  const t = useT()
  const locale = useLocale()
  return (
    <header className={fixed ? 'site-header site-header--fixed' : 'site-header'}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="site-header__utility">
        <div className="container site-header__utility-inner">
          <p className="site-header__tagline">{t('header.tagline')}</p>
          <LanguageSwitcher />
          <NotificationBellSlot />
          <AccountArea />
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
    <nav
      ref={navRef}
      className="mega-nav"
      aria-label={t('nav.primary')}
      onPointerEnter={preloadMenus}
      onFocus={preloadMenus}
    >
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

/**
 * Sign-in for visitors, a retry link when the profile could not be read, and for a signed-in person the account menu
 * (`account-menu.tsx`): its code loads with documents and navigations of a signed-in session (`shell-parts.ts`), so
 * visitors' first view does not carry it.
 */
function AccountArea() {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const { route } = useRouter()
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
  // Signed in without a navigation (the chunk not yet loaded): an empty place of the menu's size until it is.
  return (
    <Suspense fallback={<span className="account-menu" aria-hidden="true" />}>
      <AccountMenu />
    </Suspense>
  )
}
