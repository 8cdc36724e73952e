/**
 * The sectors open to investors as the upstream names them (the site settings' `sectors`,
 * docs/gateway-contract.md#site-settings), or the portal's own, named in its locales, for an upstream that names none.
 * The settings are deferred: a caller renders inside a `Section` of `siteKeys.settings()`.
 */
import type { ReactNode } from 'react'
import { siteKeys } from '../../../shared/keys/site-keys'
import { href } from '../../../shared/routing/match'
import { Section, usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { SkeletonRegion, SkeletonText } from '../../ui/skeleton'

/**
 * The portal's own sectors, named in its locales (`guide.sectors.*`): what the explorer lists when the upstream's site
 * settings name none. Which sectors exist is the upstream's: a sector's page is its content page `sector-{slug}`, and a
 * slug without one is a 404 (docs/decisions/0019-route-checks.md). Kept in the guide's chunk, out of the route table
 * every first view carries.
 */
export const SECTORS = [
  'energy',
  'metals',
  'pharma',
  'finance',
  'tourism',
  'textiles',
  'chemicals',
  'education',
  'automotive',
  'technology',
  'agriculture',
  'oil-and-gas',
  'construction',
  'zdravoohranenie',
] as const

export type SectorItem = Readonly<{ slug: string; name: string; tagline: string | null }>

export function useSectors(): readonly SectorItem[] {
  const t = useT()
  const listed = usePayload(siteKeys.settings()).data?.content?.sectors
  if (listed) return listed.map(({ slug, name, tagline }) => ({ slug, name, tagline: tagline ?? null }))
  return SECTORS.map((slug) => ({
    slug,
    name: t(`guide.sectors.${slug}.name`),
    tagline: t(`guide.sectors.${slug}.tagline`),
  }))
}

/** A sector's name before its page is in (an error screen): the portal's own for its sectors, else the slug. */
export function builtInSectorName(t: ReturnType<typeof useT>, slug: string): string {
  return (SECTORS as readonly string[]).includes(slug) ? t(`guide.sectors.${slug}.name`) : slug
}

/** A part of a page that lists the sectors: `lines` of skeleton while the site settings stream in, then `children`. */
export function SectorsSection({ lines, children }: { lines: number; children: ReactNode }) {
  return (
    <Section
      keys={[siteKeys.settings()]}
      fallback={
        <SkeletonRegion>
          <SkeletonText lines={lines} />
        </SkeletonRegion>
      }
    >
      {children}
    </Section>
  )
}

/** The sectors as a list of links to their pages, but for `except` (the page's own); inside a `SectorsSection`. */
export function SectorLinkList({ className, except }: { className: string; except?: string }) {
  const locale = useLocale()
  return (
    <ul className={className}>
      {useSectors()
        .filter((s) => s.slug !== except)
        .map((s) => (
          <li key={s.slug}>
            <Link to={href('sector', { locale, params: { sector: s.slug } })}>{s.name}</Link>
          </li>
        ))}
    </ul>
  )
}
