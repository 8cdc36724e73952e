/** The page hero: kicker, title (the page's h1), lead, actions, and decorative tile art generated as inline SVG. */
import type { ReactNode } from 'react'
import { PatternArt, type PatternVariant } from './pattern-art'

export type HeroProps = {
  title: ReactNode
  lead?: ReactNode
  kicker?: ReactNode
  /** Buttons or links; one solid primary at most. They show in inverse colours on the deep tone. */
  actions?: ReactNode
  /** Above the title, e.g. `<Breadcrumbs>`. */
  before?: ReactNode
  /** Below the actions, e.g. stat blocks or a search field. */
  children?: ReactNode
  /** `deep` (azure night, white text) for landing pages; `light` (tinted) for inner pages. */
  tone?: 'deep' | 'light'
  /** `large` for the home page and section landings. */
  size?: 'default' | 'large'
  art?: PatternVariant
  /** Picks the art's palette and offset. */
  seed?: string
  /** Id of the h1, for `aria-labelledby` elsewhere. */
  id?: string
}

/** The hero's class list (a page that keeps the edge's hero element writes the same on it, `static-section.tsx`). */
function heroClass(tone: HeroProps['tone'] = 'deep', size: HeroProps['size'] = 'default'): string {
  return `hero hero--${tone} hero--${size}${tone === 'deep' ? ' on-dark' : ''}`
}

export function Hero({ tone = 'deep', size = 'default', id, ...rest }: HeroProps) {
  return (
    <section className={heroClass(tone, size)} aria-labelledby={id}>
      <HeroContent tone={tone} id={id} {...rest} />
    </section>
  )
}

/** What is inside the hero's `<section>`. */
export function HeroContent({
  title,
  lead,
  kicker,
  actions,
  before,
  children,
  tone = 'deep',
  art = 'medallion',
  seed = '',
  id,
}: Omit<HeroProps, 'size'>) {
  return (
    <>
      <div className="hero__backdrop" aria-hidden="true">
        <PatternArt
          variant="girih"
          seed={seed}
          palette={tone === 'deep' ? 0 : 6}
          bare
          density={3}
          className="hero__lattice"
        />
      </div>
      <div className="container hero__inner">
        <div className="hero__content">
          {before}
          {kicker && <p className="hero__kicker">{kicker}</p>}
          <h1 className="hero__title" id={id}>
            {title}
          </h1>
          {lead && <p className="hero__lead">{lead}</p>}
          {actions && <div className="hero__actions">{actions}</div>}
          {children}
        </div>
        <div className="hero__art" aria-hidden="true">
          <PatternArt variant={art} seed={seed} palette={tone === 'deep' ? 0 : 6} />
        </div>
      </div>
    </>
  )
}
