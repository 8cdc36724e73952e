/**
 * The agency's contacts (docs/gateway-contract.md#site-settings): data from the upstream, loaded deferred with every
 * page that has a footer. An upstream without them (or a field not set) leaves that part out.
 */
import type { SiteSettings } from '../../../contract/gateway/site'
import { siteKeys } from '../../../shared/keys/site-keys'
import { usePayload } from '../../runtime/data'

/** The contacts the page may show; null while none are known. */
export function useSiteSettings(): SiteSettings | null {
  const { data } = usePayload(siteKeys.settings())
  return data?.content ?? null
}

/** A phone number as a `tel:` link takes it: its digits, and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** The social networks the portal names, and how: brand names, the same in every language. */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  telegram: 'Telegram',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
}

/** The social links of networks the portal knows, with their names. */
export function socialLinks(settings: SiteSettings | null): { name: string; url: string }[] {
  return (settings?.socials ?? []).flatMap((s) => {
    const name = NETWORK_NAMES[s.network]
    return name ? [{ name, url: s.url }] : []
  })
}
