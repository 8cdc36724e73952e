/**
 * How the editors' screens name what the gateway describes: a kind, a field, a column, an option, an item's title. The
 * catalogue names what it knows; anything newer is named from its own name, so a kind the gateway adds is usable at
 * once.
 */
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { ContentKind } from '../../../../contract/operators/content'
import type { FieldType } from '../../../../contract/operators/values'
import { LOCALE_NAMES } from '../../../../shared/constants'
import type { Translate } from '../../../../shared/i18n/i18n'

/** A message of the catalogue, or `fallback` when it has none (a field or option the catalogue does not know yet). */
export function known(t: Translate, key: string, fallback: string): string {
  const text = t(key)
  return text === key ? fallback : text
}

export const humanize = (name: string) => name.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase())

export const kindName = (t: Translate, kind: string) =>
  known(t, `content.kinds.${kind}`, known(t, `reference.kinds.${kind}`, humanize(kind)))
/** A field's label; a child's upload held in its `name` column is named by what it is (an image, a file). */
export function fieldLabel(t: Translate, name: string, type?: FieldType): string {
  if (name === 'name' && (type === 'image' || type === 'file')) return t(`content.fields.${type}`)
  return known(t, `content.fields.${name}`, known(t, `reference.fields.${name}`, humanize(name)))
}

/** How the form names a column: the field, and the language of a localised one. */
export function columnLabel(t: Translate, kind: ContentKind, col: string): string {
  for (const field of kind.fields) {
    if (col === field.name) return fieldLabel(t, field.name, field.type)
    const l = LOCALES.find((x) => col === `${field.name}_${x}`)
    if (l) return `${fieldLabel(t, field.name)} (${LOCALE_NAMES[l]})`
  }
  return humanize(col)
}

/** An item's title in the page's language, else the first language that has one. */
export function titleIn(lang: Locale, title: Partial<Record<Locale, string | null>>): string {
  return title[lang] || title.en || title.ru || title.uz || ''
}

/** The title of an item from its values (`title_en`, or a plain `title`). */
export function titleOfValues(lang: Locale, kind: ContentKind, values: Record<string, unknown>): string {
  const name = kind.title_field
  const plain = values[name]
  if (typeof plain === 'string' && plain) return plain
  const per = Object.fromEntries(LOCALES.map((l) => [l, values[`${name}_${l}`] as string | null]))
  return titleIn(lang, per)
}
