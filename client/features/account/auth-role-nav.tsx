/** The role choice of the sign-in pages (investor / businessman): links, so it works before hydration. */
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'

const AUTH_ROLES = ['investor', 'businessmen'] as const
type AuthRole = (typeof AUTH_ROLES)[number]

type Props = {
  routeId: 'sign-in' | 'forgot-password'
  role: AuthRole
  /** Other query values kept when switching (e.g. the return path). */
  extraQuery?: Record<string, string | undefined>
}

export function AuthRoleNav({ routeId, role, extraQuery = {} }: Props) {
  const t = useT()
  const locale = useLocale()
  return (
    <nav className="role-switch" aria-label={t('auth.roles.label')}>
      <ul className="role-switch__list">
        {AUTH_ROLES.map((r) => (
          <li key={r}>
            <Link
              to={href(routeId, { locale, query: { ...extraQuery, role: r } })}
              className="role-switch__item"
              aria-current={r === role ? 'page' : undefined}
            >
              {t(`auth.roles.${r}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
