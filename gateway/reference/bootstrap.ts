/**
 * The bootstrap of a deployment's database (docs/operations.md#reference-catalogues): the reference catalogues of this
 * folder (every ISO 3166-1 country, Uzbekistan's regions and districts) as SQL statements, nothing else. A place's id
 * is its code (a country's ISO numeric code, a region's or district's SOATO code), so every deployment and the demo
 * seed, which loads the same statements, name a place alike.
 *
 * Idempotent, and an operator's changes win: an entry is written only if no row has its code yet and the bootstrap has
 * never loaded it before (`reference_loads`), so a rerun adds what the catalogues gained since, and neither brings back
 * a place an operator removed nor overwrites a name an operator edited. `npm run db:bootstrap` runs these statements
 * with wrangler (`toSqlScript`); the demo seed and the tests run them through the D1 binding.
 */
import { toKeywords } from '../src/lib/search-text.ts'

type Names = { uz: string; ru: string; en: string }

/** An entry of `countries.json`. */
export type CountryEntry = { code: string; numeric: string; name: Names }
/** An entry of `regions.json`, with its districts and cities. */
export type RegionEntry = { code: string; name: Names; districts: readonly { mhobt: string; name: Names }[] }

/** One statement and the values of its `?` placeholders, in order. */
export type Statement = { sql: string; args: readonly (string | number)[] }

const keywordsOf = (name: Names) => toKeywords(name.uz, name.ru, name.en)

/** Writes the row unless one has its code or the bootstrap loaded the code before; then records what is there. */
function entry(
  catalogue: 'country' | 'region' | 'district',
  insert: { table: string; columns: readonly string[]; values: readonly (string | number)[]; codeColumn: string },
  code: string,
  loadedAt: string,
  extraCondition: Statement | null = null,
): Statement[] {
  const never = 'NOT EXISTS (SELECT 1 FROM reference_loads WHERE catalogue = ? AND code = ?)'
  const free = `NOT EXISTS (SELECT 1 FROM ${insert.table} WHERE ${insert.codeColumn} = ?)`
  const conditions = [never, free, ...(extraCondition ? [extraCondition.sql] : [])].join(' AND ')
  return [
    {
      sql: `INSERT OR IGNORE INTO ${insert.table} (${insert.columns.join(', ')}) SELECT ${insert.columns.map(() => '?').join(', ')} WHERE ${conditions}`,
      args: [...insert.values, catalogue, code, code, ...(extraCondition?.args ?? [])],
    },
    // Recorded only when the place is there now: a district whose region an operator removed is loaded on a later run,
    // should the region come back.
    {
      sql: `INSERT OR IGNORE INTO reference_loads (catalogue, code, loaded_at) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM ${insert.table} WHERE ${insert.codeColumn} = ?)`,
      args: [catalogue, code, loadedAt, code],
    },
  ]
}

/** The statements that load the catalogues, in order: countries, then each region before its districts. */
export function bootstrapStatements(
  catalogues: { countries: readonly CountryEntry[]; regions: readonly RegionEntry[] },
  now: Date,
): Statement[] {
  const at = now.toISOString()
  const out: Statement[] = []
  for (const c of catalogues.countries) {
    const columns = ['id', 'code', 'numeric', 'country_uz', 'country_ru', 'country_en', 'keywords']
    const values = [Number(c.numeric), c.code, c.numeric, c.name.uz, c.name.ru, c.name.en, keywordsOf(c.name)]
    out.push(...entry('country', { table: 'countries', columns, values, codeColumn: 'code' }, c.code, at))
  }
  for (const r of catalogues.regions) {
    const columns = ['id', 'code', 'region_uz', 'region_ru', 'region_en', 'keywords']
    const values = [Number(r.code), r.code, r.name.uz, r.name.ru, r.name.en, keywordsOf(r.name)]
    out.push(...entry('region', { table: 'regions', columns, values, codeColumn: 'code' }, r.code, at))
    for (const d of r.districts) {
      const dColumns = ['id', 'region_id', 'mhobt', 'name_uz', 'name_ru', 'name_en', 'keywords']
      const dValues = [Number(d.mhobt), Number(r.code), d.mhobt, d.name.uz, d.name.ru, d.name.en, keywordsOf(d.name)]
      const regionThere = { sql: 'EXISTS (SELECT 1 FROM regions WHERE id = ?)', args: [Number(r.code)] }
      const insert = { table: 'districts', columns: dColumns, values: dValues, codeColumn: 'mhobt' }
      out.push(...entry('district', insert, d.mhobt, at, regionThere))
    }
  }
  return out
}

/** A value as an SQL literal. */
function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`bootstrap: not a number: ${value}`)
    return String(value)
  }
  return `'${value.replaceAll("'", "''")}'`
}

/** The statements as one SQL script, each placeholder replaced by its value (for `wrangler d1 execute --file`). */
export function toSqlScript(statements: readonly Statement[]): string {
  return statements
    .map(({ sql, args }) => {
      let i = 0
      const text = sql.replace(/\?/g, () => {
        if (i >= args.length) throw new Error(`bootstrap: too few values for ${sql}`)
        return literal(args[i++]!)
      })
      if (i !== args.length) throw new Error(`bootstrap: too many values for ${sql}`)
      return `${text};`
    })
    .join('\n')
}
