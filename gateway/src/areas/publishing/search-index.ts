/**
 * The search index follows published content (docs/gateway-contract.md#operator-content): the seeder builds it once,
 * and publishing, unpublishing and editing a published item rewrite that item's rows here, in the same shape.
 */

import { LOCALES } from '../../../../contract/locales'
import { searchText } from '../../lib/search-text'
import { excerpt, htmlToText } from '../../lib/user-html'
import type { KindRow, KindSpec } from './kinds'
import { indexRowStatement, unindexRowsStatement } from './queries'

/** Removes an item's rows (every language) from the index. */
export function unindexStatement(db: D1Database, spec: KindSpec, row: KindRow): D1PreparedStatement | null {
  const entry = spec.search?.(row)
  if (!entry) return null
  return unindexRowsStatement(db, entry.kind, refValue(entry.ref))
}

/** The seeder stores numeric ids as numbers (and slugs as text); the index is written and matched alike here. */
function refValue(ref: string): string | number {
  return /^\d+$/.test(ref) ? Number(ref) : ref
}

/** The rows an item is found by, one per language, replacing what the index held of it. */
export async function indexStatements(db: D1Database, spec: KindSpec, row: KindRow): Promise<D1PreparedStatement[]> {
  const entry = spec.search?.(row)
  const path = spec.path?.(row)
  const remove = unindexStatement(db, spec, row)
  if (!entry || !path || !remove) return []
  const ref = refValue(entry.ref)
  const inserts = await Promise.all(
    LOCALES.map(async (lang) => {
      const title = String(row[`${spec.titleField}_${lang}`] ?? '')
      const text = await htmlToText(entry.body.map((field) => String(row[`${field}_${lang}`] ?? '')).join(' '))
      return indexRowStatement(db, {
        title: searchText(title, lang),
        body: searchText(text, lang),
        kind: entry.kind,
        ref,
        lang,
        displayTitle: title,
        description: excerpt(text),
        path,
      })
    }),
  )
  return [remove, ...inserts]
}
