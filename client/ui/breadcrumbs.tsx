/** Breadcrumbs: where the page sits, as `nav > ol` with the current page marked `aria-current="page"`. */
import { href } from '../../shared/routing/match'
import { useLocale, useT } from '../runtime/i18n'
import { Link } from '../runtime/router'

export type Crumb = { label: string; to?: string }

/** `items` run from the section down to the current page (last, without `to`); Home is added first. */
export function Breadcrumbs({
  items,
  home = true,
  className,
}: {
  items: readonly Crumb[]
  home?: boolean
  className?: string
}) {
  const t = useT()
  const locale = useLocale()
  const all: Crumb[] = home ? [{ label: t('routes.home'), to: href('home', { locale }) }, ...items] : [...items]
  return (
    <nav className={['breadcrumbs', className].filter(Boolean).join(' ')} aria-label={t('nav.breadcrumbs')}>
      <ol>
        {all.map((crumb, i) => {
          const last = i === all.length - 1
          return (
            <li key={i}>
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
