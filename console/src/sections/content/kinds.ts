/**
 * The shape of a kind's form (docs/decisions/0030-operator-console.md#content-screens): a field's columns, the rows of
 * its child kinds, and which field a form name belongs to. The form's reader and its views both follow these.
 */
import { LOCALES } from '../../../../contract/locales'
import type { ContentField, ContentKind } from '../../../../contract/operators/content'
import { PUBLICATIONS } from '../../../../contract/operators/values'

/** A kind's list's tabs: every item, or those of one publication state. */
export const PUBLICATION_FILTERS = ['all', ...PUBLICATIONS] as const
export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number]

/** The form's columns of a field: `title_uz`, `title_ru`, `title_en` for a localised one, its name otherwise. */
export const columnsOf = (field: ContentField): string[] =>
  field.localized ? LOCALES.map((l) => `${field.name}_${l}`) : [field.name]

/** The rows of a child kind present in the form's values (`{prefix}c.{kind}.{row}.…`), in order. */
export function childRows(values: Record<string, string>, prefix: string, kind: string): number[] {
  const head = `${prefix}c.${kind}.`
  const rows = new Set<number>()
  for (const key of Object.keys(values)) {
    if (!key.startsWith(head)) continue
    const row = Number(key.slice(head.length).split('.')[0])
    if (Number.isInteger(row) && row >= 0 && row < 1000) rows.add(row)
  }
  return [...rows].sort((a, b) => a - b)
}

/** The kind whose field a form name is (`c.post_file.0.name` is a post file's), and the field's column. */
export function fieldAt(kind: ContentKind, kinds: Map<string, ContentKind>, name: string): [ContentKind, string] {
  const parts = /^(?:.*\.)?c\.([a-z_]+)\.\d+\.([^.]+)$/.exec(name)
  const child = parts ? kinds.get(parts[1]!) : undefined
  return child && parts ? [child, parts[2]!] : [kind, name]
}
