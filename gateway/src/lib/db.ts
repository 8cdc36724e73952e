/**
 * SQL text the queries modules share. Only an area's `queries.ts` (and `lib/queries.ts`) prepares statements
 * (docs/gateway-contract.md#reference-gateway); these helpers build the text and its arguments.
 */
import { likePattern } from './search-text'

/** `?, ?, ?`: one placeholder per value, for `IN (…)` lists and value lists. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ')
}

/**
 * The INSERT of one row, returning its id. `row` maps column names (written in code, never from input) to values, so a
 * form's columns and their values stand side by side instead of in two lists that must agree by position.
 */
export function insertSql(table: string, row: Record<string, unknown>): { sql: string; args: unknown[] } {
  const columns = Object.keys(row)
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)}) RETURNING id`,
    args: columns.map((column) => row[column] ?? null),
  }
}

/** `AND {column} LIKE ?` with its pattern when a keyword is given (docs/gateway-contract.md#lists). */
export function keywordSql(keyword: string | undefined, column = 'keywords'): { sql: string; args: string[] } {
  const k = (keyword ?? '').trim()
  return k ? { sql: ` AND ${column} LIKE ? ESCAPE '\\'`, args: [likePattern(k)] } : { sql: '', args: [] }
}

/** The item a valid preview token names (docs/gateway-contract.md#preview), if the request carries one. */
export type Preview = { kind: string; id: number } | null

/**
 * The condition under which a reader sees a row of `kind` (its table aliased by `alias`, e.g. `p.`): published, or the
 * one item the request's preview token names. The id is a verified integer, so it is written in.
 */
export function shownSql(preview: Preview, kind: string, alias = ''): string {
  const also = preview?.kind === kind ? ` OR ${alias}id = ${Number(preview.id)}` : ''
  return `(${alias}publication = 'published'${also})`
}

/** Runs `change` and `also` as one batch (one transaction); answers how many rows `change` changed. */
export async function runWith(
  db: D1Database,
  change: D1PreparedStatement,
  also: readonly D1PreparedStatement[],
): Promise<number> {
  const [result] = await db.batch([change, ...also])
  return result!.meta.changes
}
