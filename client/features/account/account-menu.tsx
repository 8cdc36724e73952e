/**
 * The header's account menu for a signed-in person (docs/design.md#header): a disclosure with their name, the personal
 * area's pages and sign-out. Its own chunk, loaded for signed-in sessions only (`shell-parts.ts`).
 */
import { useId, useRef, useState } from 'react'
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { useDismiss } from '../../ui/use-dismiss'

/**
 * Display name of the signed-in person: `profile[profile.role]` holds the details (docs/gateway-contract.md#profile).
 */
function readName(profile: Record<string, unknown> | null): { name: string; initials: string } {
  const inner = (profile && typeof profile.role === 'string' ? profile[profile.role] : null) ?? profile
  const rec = (inner && typeof inner === 'object' ? inner : {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const name =
    [str(rec.name), str(rec.surname)].filter(Boolean).join(' ') || str(rec.company_name) || str(profile?.email)
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
  return { name, initials }
}

/** The signed-in person's disclosure menu: their name, the personal area's pages and sign-out. */
export function AccountMenu() {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  useDismiss(rootRef, open, (reason) => {
    setOpen(false)
    if (reason === 'escape') toggleRef.current?.focus()
  })

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
      <button
        ref={toggleRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {initials || <Icon name="user" />}
        </span>
        <span className="account-menu__label">{t('nav.profile')}</span>
        <Icon name="chevron-down" className="account-menu__chevron" />
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        {name && <p className="account-menu__name">{name}</p>}
        <ul>
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={() => setOpen(false)}>
                {l.label}
              </Link>
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
