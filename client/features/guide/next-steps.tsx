/** A panel of next steps: one primary action and secondary links (docs/design.md#character). */
import type { ReactNode } from 'react'
import { Link } from '../../runtime/router'
import { Icon } from '../../ui/icon'

export type NextStep = { to: string; label: string; icon?: string; external?: boolean }

export function NextSteps({
  title,
  intro,
  primary,
  links,
}: {
  title: string
  intro?: ReactNode
  primary?: ReactNode
  links: readonly NextStep[]
}) {
  return (
    <section className="panel guide-next" aria-labelledby="guide-next-title">
      <h2 className="guide-next__title" id="guide-next-title">
        {title}
      </h2>
      {intro ? <p className="guide-next__intro">{intro}</p> : null}
      {primary}
      <ul className="guide-next__links">
        {links.map((l) => (
          <li key={l.to}>
            {l.external ? (
              <a href={l.to} rel="noopener noreferrer">
                <Icon name={l.icon ?? 'arrow-right'} />
                <span>{l.label}</span>
              </a>
            ) : (
              <Link to={l.to}>
                <Icon name={l.icon ?? 'arrow-right'} />
                <span>{l.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
