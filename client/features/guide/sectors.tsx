/**
 * The sectors open to investors as the upstream names them (the site settings' `sectors`,
 * docs/gateway-contract.md#site-settings), or the portal's own, named in its locales, for an upstream that names none.
 * The settings are deferred: a caller renders inside a `Section` of `siteKeys.settings()`.
 */
import { siteKeys } from '../../../shared/keys/site-keys'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'

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
