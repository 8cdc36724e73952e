/**
 * The sectors open to investors as the upstream names them (the site settings' `sectors`,
 * docs/gateway-contract.md#site-settings), or the portal's own, named in its locales, for an upstream that names none.
 * The settings are deferred: a caller renders inside a `Section` of `siteKeys.settings()`.
 */
import { siteKeys } from '../../../shared/keys/site-keys'
import { SECTORS } from '../../../shared/routing/routes'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'

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
