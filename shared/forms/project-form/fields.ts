/**
 * The project form's languages, field names and cash-flow rows (docs/product.md#projects), shared by its
 * schema, its files, its workflow and the page.
 */
import type { LocaleText } from '../../../contract/gateway/common'
import type { FieldValues } from '../forms'

export const PROJECT_LANGS = ['en', 'ru', 'uz'] as const
export type ProjectLang = (typeof PROJECT_LANGS)[number]

/** Cash-flow rows a form may carry (the gateway accepts 50). */
export const MAX_BUDGET_ROWS = 50
export const titleField = (lang: ProjectLang) => `title_${lang}`
export const contentField = (lang: ProjectLang) => `content_${lang}`
export const budgetField = (row: number) => `budgets.${row}.sum`
export const budgetIdField = (row: number) => `budgets.${row}.id`
export const presentationField = (lang: ProjectLang) => `presentation_${lang}` as const

/** The form field a gateway validation path points at (`content.en` → `content_en`, `title` → `title_en`). */
export function projectErrorField(path: string): string {
  const [head, second, third] = path.split('.')
  if ((head === 'title' || head === 'content') && second && (PROJECT_LANGS as readonly string[]).includes(second))
    return `${head}_${second}`
  if (head === 'title') return titleField('en')
  if (head === 'budgets' && second !== undefined)
    return third === 'id' ? budgetIdField(Number(second)) : budgetField(Number(second))
  return head ?? path
}

/** Indexes of the cash-flow rows present in the fields, in order. */
export function budgetRows(f: FieldValues): number[] {
  const rows = new Set<number>()
  for (const key of Object.keys(f)) {
    const m = /^budgets\.(\d{1,2})\.(sum|id)$/.exec(key)
    if (m && Number(m[1]) < MAX_BUDGET_ROWS) rows.add(Number(m[1]))
  }
  return [...rows].sort((a, b) => a - b)
}

/** A file field of the form: the image, or one language's presentation. */
export type ProjectFileField = 'image' | `presentation_${ProjectLang}`
export const PROJECT_FILE_FIELDS: readonly ProjectFileField[] = ['image', ...PROJECT_LANGS.map(presentationField)]

/** The language of a project's title or content for display: the page's language first, then any filled one. */
export function pickLang(value: LocaleText | null | undefined, lang: string): string {
  if (!value) return ''
  return value[lang as ProjectLang] || value.en || value.ru || value.uz || ''
}
