/** Regions and countries by id, read from the bundled seed files so core tables need no content joins. */

import type { Locale } from '../../../../contract/locales'
import countriesSeed from '../../../seed/countries.json'
import regionsSeed from '../../../seed/regions.json'

type L = Record<Locale, string>
type RegionSeed = { id: number; code: string; region: L; districts: { id: number; name: L; mhobt: string }[] }
type CountrySeed = { id: number; code: string; country: L }

const regions = new Map((regionsSeed as RegionSeed[]).map((r) => [r.id, r]))
const countries = new Map((countriesSeed as CountrySeed[]).map((c) => [c.id, c]))

/** A region as docs/gateway-contract.md shapes it. */
export type RegionView = { id: number; region: string; code: string }
/** A country as the countries list shapes it. */
export type CountryView = { id: number; country: string; code: string }

/** True for one of the 14 seeded regions. */
export function isRegionId(id: number): boolean {
  return regions.has(id)
}

/** True for a seeded country id. */
export function isCountryId(id: number): boolean {
  return countries.has(id)
}

/** `{ id, region, code }` in the language, or null for an unknown id. */
export function toRegionView(id: number | null, lang: Locale): RegionView | null {
  const r = id == null ? undefined : regions.get(id)
  return r ? { id: r.id, region: r.region[lang] || r.region.en, code: r.code } : null
}

/** `{ id, country, code }` in the language, or null for an unknown id. */
export function toCountryView(id: number | null, lang: Locale): CountryView | null {
  const c = id == null ? undefined : countries.get(id)
  return c ? { id: c.id, country: c.country[lang] || c.country.en, code: c.code } : null
}

/** The country id with an ISO alpha-2 code (seed accounts name countries by code). */
export function findCountryIdByCode(code: string): number | null {
  for (const c of countries.values()) if (c.code.toUpperCase() === code.toUpperCase()) return c.id
  return null
}

/** The region id with a SOATO code. */
export function findRegionIdByCode(code: string | number): number | null {
  for (const r of regions.values()) if (r.code === String(code)) return r.id
  return null
}
