/** The profile area's side navigation (docs/product.md#routes): the person's role, the area's pages and sign-out. */
import { href } from '../../shared/routing/match'
import { useLocale, useT } from '../runtime/i18n'
import { Link, useRouter } from '../runtime/router'
import { useSession } from '../runtime/session'
import { Icon } from '../ui/icon'

export function ProfileSidebar() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  const session = useSession()
  const resident = session.profile?.is_resident === true
  const role = session.profile?.role
  const items = [
    { id: 'profile', to: href('profile', { locale }), label: t('routes.profile'), icon: 'user' },
    { id: 'profile-company', to: href('profile-company', { locale }), label: t('routes.company'), icon: 'briefcase' },
    resident
      ? {
          id: 'profile-my-services',
          to: href('profile-my-services', { locale }),
          label: t('routes.myServices'),
          icon: 'file',
        }
      : { id: 'profile-password', to: href('profile-password', { locale }), label: t('routes.password'), icon: 'lock' },
    { id: 'profile-appeals', to: href('profile-appeals', { locale }), label: t('routes.appeals'), icon: 'message' },
    {
      id: 'profile-my-projects',
      to: href('profile-my-projects', { locale }),
      label: t('routes.myProjects'),
      icon: 'chart',
    },
    {
      id: 'profile-notifications',
      to: href('profile-notifications', { locale }),
      label: t('routes.profileNotifications'),
      icon: 'bell',
    },
    {
      id: 'profile-enquiries',
      to: href('profile-enquiries', { locale }),
      label: t('routes.profileEnquiries'),
      icon: 'mail',
    },
    {
      id: 'profile-account',
      to: href('profile-account', { locale }),
      label: t('routes.profileAccount'),
      icon: 'shield',
    },
  ]
  const current = route.id === 'profile-project-form' ? 'profile-my-projects' : route.id
  return (
    <nav className="profile-sidebar" aria-label={t('nav.profileArea')}>
      {role && (
        <div className="profile-sidebar__user">
          <span className="profile-sidebar__avatar" aria-hidden="true">
            <Icon name="user" />
          </span>
          <span className="profile-sidebar__who">
            <span className="profile-sidebar__name">{t('nav.profileArea')}</span>
            <span className="profile-sidebar__role">{t(`profile.role.${role}`)}</span>
          </span>
        </div>
      )}
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to} aria-current={current === item.id ? 'page' : undefined}>
              <Icon name={item.icon} />
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="profile-sidebar__signout" onClick={() => void session.clear()}>
            <Icon name="log-out" />
            {t('nav.signOut')}
          </button>
        </li>
      </ul>
    </nav>
  )
}
