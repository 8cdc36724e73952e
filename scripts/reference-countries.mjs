/**
 * Writes gateway/reference/countries.json, the countries the bootstrap loads (docs/operations.md#reference-catalogues):
 * every officially assigned ISO 3166-1 alpha-2 code with its numeric code, from Debian's `iso-codes` package
 * (`apt-get install iso-codes`), named in uz, ru and en by CLDR as the project's Node ships it in ICU.
 * Re-run it after upgrading the `node` devDependency (a new ICU brings new CLDR names) or when ISO 3166-1 changes
 * (a new `iso-codes`), then read the diff: `npx node scripts/reference-countries.mjs [path/to/iso_3166-1.json]`.
 */
import { readFileSync, writeFileSync } from 'node:fs'

const source = process.argv[2] ?? '/usr/share/iso-codes/json/iso_3166-1.json'
const out = new URL('../gateway/reference/countries.json', import.meta.url)
const languages = ['uz', 'ru', 'en']

// Where the hand-checked demo seed's short common name reads better than CLDR's (an abbreviation, a "SAR" suffix, a
// name the region's own usage does not prefer), the seed's is kept.
const preferred = {
  AE: { ru: 'Объединённые Арабские Эмираты' },
  HK: { uz: 'Gonkong', ru: 'Гонконг', en: 'Hong Kong' },
  KG: { ru: 'Кыргызстан' },
  KR: { ru: 'Южная Корея' },
  MN: { uz: 'Moʻgʻuliston' },
  US: { ru: 'Соединённые Штаты Америки' },
}

// CLDR writes Uzbek's oʻ and gʻ with a left quotation mark and the tutuq belgisi with a right one; Uzbek Latin
// spells them with the modifier letters U+02BB and U+02BC.
const uzbek = (name) => name.replaceAll('\u2018', '\u02bb').replaceAll('\u2019', '\u02bc')

const display = Object.fromEntries(
  languages.map((l) => [l, new Intl.DisplayNames([l], { type: 'region', fallback: 'none' })]),
)
const iso = JSON.parse(readFileSync(source, 'utf8'))['3166-1']
const countries = iso
  .map(({ alpha_2: code, numeric }) => {
    const name = {}
    for (const l of languages) {
      const cldr = display[l].of(code)
      if (!cldr) throw new Error(`ICU ${process.versions.icu} has no ${l} name for ${code}`)
      name[l] = preferred[code]?.[l] ?? (l === 'uz' ? uzbek(cldr) : cldr)
    }
    return { code, numeric, name }
  })
  .sort((a, b) => a.code.localeCompare(b.code))

writeFileSync(out, `${JSON.stringify(countries, null, 2)}\n`)
console.log(`${countries.length} countries, CLDR ${process.versions.cldr} (ICU ${process.versions.icu})`)
