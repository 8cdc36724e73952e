/**
 * The reference catalogues a first deployment is loaded with (docs/operations.md#reference-catalogues): what the
 * bootstrap relies on in `gateway/reference/`, and that the demo seed, which loads its places from them, names only
 * places they have.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Names = { uz: string; ru: string; en: string }
type Country = { code: string; numeric: string; name: Names }
type Region = { code: string; name: Names; districts: { mhobt: string; name: Names }[] }

const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T
const countries = read<Country[]>('gateway/reference/countries.json')
const regions = read<Region[]>('gateway/reference/regions.json')
const districts = regions.flatMap((r) => r.districts.map((d) => ({ ...d, region: r.code })))

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i)

/** Names whose language is missing, blank or padded, or written in the wrong script. */
function badNames(entries: { key: string; name: Names }[]): string[] {
  const bad: string[] = []
  for (const { key, name } of entries) {
    for (const lang of ['uz', 'ru', 'en'] as const) {
      const text = name[lang]
      if (typeof text !== 'string' || text.trim() === '' || text !== text.trim() || text === key)
        bad.push(`${key} ${lang}`)
    }
    // Uzbek Latin writes oʻ/gʻ with U+02BB and the tutuq belgisi with U+02BC, never a quote or an apostrophe.
    if (/[\p{Script=Cyrillic}'`‘’]/u.test(name.uz ?? '')) bad.push(`${key} uz: ${name.uz}`)
    if (!/\p{Script=Cyrillic}/u.test(name.ru ?? '') || /[A-Za-z]/.test(name.ru ?? '')) bad.push(`${key} ru: ${name.ru}`)
    if (/\p{Script=Cyrillic}/u.test(name.en ?? '')) bad.push(`${key} en: ${name.en}`)
  }
  return bad
}

describe('countries (ISO 3166-1, names from CLDR)', () => {
  it('lists the 249 officially assigned alpha-2 codes once each, in order', () => {
    const codes = countries.map((c) => c.code)
    expect(codes).toHaveLength(249)
    expect(duplicates(codes)).toEqual([])
    expect(codes.filter((c) => !/^[A-Z]{2}$/.test(c))).toEqual([])
    expect(codes).toEqual([...codes].sort())
    // User-assigned (AA, QM-QZ, XA-XZ, ZZ) and exceptionally reserved codes are not countries a person comes from.
    const reserved = /^(AA|Q[M-Z]|X[A-Z]|ZZ|AC|CP|DG|EA|EU|EZ|FX|IC|SU|TA|UK|UN)$/
    expect(codes.filter((c) => reserved.test(c))).toEqual([])
  })

  it('gives each a distinct three-digit numeric code', () => {
    expect(countries.filter((c) => !/^\d{3}$/.test(c.numeric)).map((c) => c.code)).toEqual([])
    expect(duplicates(countries.map((c) => c.numeric))).toEqual([])
  })

  it('names each in uz, ru and en', () => {
    expect(badNames(countries.map((c) => ({ key: c.code, name: c.name })))).toEqual([])
    expect(countries.find((c) => c.code === 'UZ')?.name).toEqual({
      uz: 'Oʻzbekiston',
      ru: 'Узбекистан',
      en: 'Uzbekistan',
    })
  })
})

describe('regions and districts of Uzbekistan (SOATO)', () => {
  it('has the 14 top-level units with distinct four-digit codes', () => {
    const codes = regions.map((r) => r.code)
    expect(codes).toHaveLength(14)
    expect(duplicates(codes)).toEqual([])
    expect(codes.filter((c) => !/^17\d{2}$/.test(c))).toEqual([])
    expect(badNames(regions.map((r) => ({ key: r.code, name: r.name })))).toEqual([])
  })

  it('gives every district a distinct seven-digit code under its region', () => {
    expect(regions.filter((r) => r.districts.length === 0).map((r) => r.code)).toEqual([])
    expect(duplicates(districts.map((d) => d.mhobt))).toEqual([])
    expect(districts.filter((d) => !/^\d{7}$/.test(d.mhobt) || !d.mhobt.startsWith(d.region))).toEqual([])
    expect(regions.find((r) => r.code === '1726')?.districts).toHaveLength(12)
  })

  it('names every district in uz, ru and en as a district (2xx) or a city (4xx)', () => {
    expect(badNames(districts.map((d) => ({ key: d.mhobt, name: d.name })))).toEqual([])
    const misnamed = districts.filter((d) => {
      const city = d.mhobt[4] === '4'
      const { uz, ru, en } = d.name
      return city
        ? !uz.endsWith(' shahri') || !ru.startsWith('город ') || !en.endsWith(' city')
        : !uz.endsWith(' tumani') || !ru.endsWith(' район') || !en.endsWith(' district')
    })
    expect(misnamed.map((d) => `${d.mhobt} ${d.name.uz}`)).toEqual([])
  })
})

describe('the demo seed and the reference catalogues', () => {
  // The seed loads its places from these catalogues as the bootstrap does, and names them by code.
  it('names every country and region by a code the catalogues have', () => {
    const accounts =
      read<{ profile: { country?: { code: string } | null; region?: { code: string } | null } }[]>(
        'gateway/seed/accounts.json',
      )
    const countryCodes = new Set(countries.map((c) => c.code))
    const regionCodes = new Set(regions.map((r) => r.code))
    const named = accounts.flatMap((a) => (a.profile.country ? [a.profile.country.code] : []))
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((code) => !countryCodes.has(code))).toEqual([])
    const regionsNamed = [
      ...accounts.flatMap((a) => (a.profile.region ? [String(a.profile.region.code)] : [])),
      ...['projects', 'eauction-lots', 'territories'].flatMap((file) =>
        read<{ region_code: string }[]>(`gateway/seed/${file}.json`).map((x) => x.region_code),
      ),
    ]
    expect(regionsNamed.filter((code) => !regionCodes.has(code))).toEqual([])
  })
})
