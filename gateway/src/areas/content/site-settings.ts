/**
 * What every page with a footer shows beside its own content (docs/gateway-contract.md#site-settings): the agency's
 * contacts (phone, e-mail, address and opening hours per language, a map link, social links), which operators set with
 * `PUT /core/operator/site-settings`, and, kept as reference data in the console's content area, the home page's key
 * figures, the investor guide's links to content pages and the list of sectors. One answer carries them all, so no
 * page makes another call for them. Nothing is set in a fresh database: every field then answers null, every list [].
 */
import * as v from 'valibot'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { SOCIAL_NETWORKS } from '../../../../contract/operators/values'
import { EmailSchema, optionalText } from '../../lib/validate'
import { readSiteLists, readSiteSettingsRow, readStoredSiteSettingsRow, writeSiteSettingsRow } from './queries'

/** The social networks the portal links to, by name. */

const HttpsUrlSchema = v.pipe(v.string(), v.trim(), v.maxLength(500), v.url(), v.startsWith('https://'))

/** What an operator sends: every field, an empty one meaning "not shown". */
export const SiteSettingsInputSchema = v.object({
  phone: v.nullish(v.pipe(v.string(), v.trim(), v.regex(/^(\+?[\d\s()-]{7,24})?$/)), ''),
  email: v.nullish(v.union([v.literal(''), EmailSchema]), ''),
  address: v.optional(
    v.object(
      Object.fromEntries(LOCALES.map((l) => [l, optionalText(300)])) as Record<Locale, ReturnType<typeof optionalText>>,
    ),
    {},
  ),
  hours: v.optional(
    v.object(
      Object.fromEntries(LOCALES.map((l) => [l, optionalText(200)])) as Record<Locale, ReturnType<typeof optionalText>>,
    ),
    {},
  ),
  map_url: v.nullish(v.union([v.literal(''), HttpsUrlSchema]), ''),
  socials: v.optional(
    v.pipe(v.array(v.object({ network: v.picklist(SOCIAL_NETWORKS), url: HttpsUrlSchema })), v.maxLength(10)),
    [],
  ),
})

export type SiteSettingsInput = v.InferOutput<typeof SiteSettingsInputSchema>

/** The portal's view, in one language; an unset field is null, an empty list []. */
export type SiteSettings = {
  phone: string | null
  email: string | null
  address: string | null
  hours: string | null
  map_url: string | null
  socials: { network: string; url: string }[]
  figures: { value: number; unit: string; label: string; source: string }[]
  guide_links: { slug: string; label: string }[]
  sectors: { slug: string; name: string; tagline: string }[]
}

/** The settings in `lang` (a text in another language stands in for a missing one). */
export async function readSiteSettings(db: D1Database, lang: Locale): Promise<SiteSettings> {
  const [row, lists] = await Promise.all([readSiteSettingsRow(db, lang), readSiteLists(db, lang)])
  return {
    phone: row?.phone || null,
    email: row?.email || null,
    address: row?.address || null,
    hours: row?.hours || null,
    map_url: row?.map_url || null,
    socials: row ? (JSON.parse(row.socials_json) as SiteSettings['socials']) : [],
    ...lists,
  }
}

/** What the settings hold after `input` replaces them, as the audit row records them. */
export function siteSettingsOf(input: SiteSettingsInput) {
  const address = input.address as Partial<Record<Locale, string>>
  const hours = input.hours as Partial<Record<Locale, string>>
  return {
    phone: input.phone ?? '',
    email: input.email ?? '',
    address: { uz: address.uz ?? '', ru: address.ru ?? '', en: address.en ?? '' },
    hours: { uz: hours.uz ?? '', ru: hours.ru ?? '', en: hours.en ?? '' },
    map_url: input.map_url ?? '',
    socials: input.socials as unknown,
  }
}

/** Replaces the settings, with `also` in the same batch (the change's audit row). */
export async function writeSiteSettings(
  db: D1Database,
  input: SiteSettingsInput,
  now: Date,
  also: readonly D1PreparedStatement[],
): Promise<void> {
  const s = siteSettingsOf(input)
  const row = { ...s, mapUrl: s.map_url, socialsJson: JSON.stringify(input.socials) }
  await writeSiteSettingsRow(db, row, now, also)
}

/** The stored settings in every language, as an audit row records them; null before anything was set. */
export async function readStoredSiteSettings(db: D1Database): Promise<Record<string, unknown> | null> {
  const row = await readStoredSiteSettingsRow(db)
  if (!row) return null
  const { socials_json, address_uz, address_ru, address_en, hours_uz, hours_ru, hours_en, ...rest } = row
  return {
    ...rest,
    address: { uz: address_uz, ru: address_ru, en: address_en },
    hours: { uz: hours_uz, ru: hours_ru, en: hours_en },
    socials: JSON.parse(socials_json || '[]') as unknown,
  }
}
