/**
 * The agency's contacts as the portal shows them (docs/gateway-contract.md#site-settings): phone, e-mail, address (per
 * language), a map link and social links. Operators set them (`PUT /core/operator/site-settings`); local mode seeds
 * plausible values. Nothing is set in a fresh database, and every field then answers null.
 */
import * as v from 'valibot'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { SOCIAL_NETWORKS } from '../../../../contract/operators/values'
import { EmailSchema, optionalText } from '../../lib/validate'
import { readSiteSettingsRow, readStoredSiteSettingsRow, writeSiteSettingsRow } from './queries'

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
  map_url: v.nullish(v.union([v.literal(''), HttpsUrlSchema]), ''),
  socials: v.optional(
    v.pipe(v.array(v.object({ network: v.picklist(SOCIAL_NETWORKS), url: HttpsUrlSchema })), v.maxLength(10)),
    [],
  ),
})

export type SiteSettingsInput = v.InferOutput<typeof SiteSettingsInputSchema>

/** The portal's view, in one language; an unset field is null. */
export type SiteSettings = {
  phone: string | null
  email: string | null
  address: string | null
  map_url: string | null
  socials: { network: string; url: string }[]
}

/** The settings in `lang` (an address in another language stands in for a missing one). */
export async function readSiteSettings(db: D1Database, lang: Locale): Promise<SiteSettings> {
  const row = await readSiteSettingsRow(db, lang)
  return {
    phone: row?.phone || null,
    email: row?.email || null,
    address: row?.address || null,
    map_url: row?.map_url || null,
    socials: row ? (JSON.parse(row.socials_json) as SiteSettings['socials']) : [],
  }
}

/** What the settings hold after `input` replaces them, as the audit row records them. */
export function siteSettingsOf(input: SiteSettingsInput) {
  const address = input.address as Partial<Record<Locale, string>>
  return {
    phone: input.phone ?? '',
    email: input.email ?? '',
    address: { uz: address.uz ?? '', ru: address.ru ?? '', en: address.en ?? '' },
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
  const { socials_json, address_uz, address_ru, address_en, ...rest } = row
  return {
    ...rest,
    address: { uz: address_uz, ru: address_ru, en: address_en },
    socials: JSON.parse(socials_json || '[]') as unknown,
  }
}
