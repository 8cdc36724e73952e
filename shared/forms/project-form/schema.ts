/**
 * The project form's one schema (docs/product.md#projects): the posted fields in, the gateway's body out, for the
 * edge's action and the browser alike.
 */
import * as v from 'valibot'
import { PROJECT_STATUSES } from '../../../contract/gateway/statuses'
import { textToHtml } from '../../markup/html-text'
import { checkInput, crossCheck, FIELD_ERRORS, type FieldErrors, type FieldValues, isEmail } from '../forms'
import {
  budgetField,
  budgetIdField,
  budgetRows,
  contentField,
  PROJECT_LANGS,
  type ProjectLang,
  titleField,
} from './fields'

const MAX_TITLE = 255
const MAX_CONTENT = 50_000
const MAX_BUDGET_USD = 1e12

export type ProjectBody = {
  title: Record<ProjectLang, string>
  content: Record<ProjectLang, string>
  category_id: number
  sector_id: number
  region_id: number
  budget: number
  status: string
  latitude: number | null
  longitude: number | null
  phone: string
  email: string
  budgets: { id?: number; sum: number }[]
  deleted_budgets: number[]
}

const ID = /^\d{1,10}$/
const NUMBER = /^-?\d+(\.\d+)?$/

/** A number as people type it (a decimal comma accepted), or null. */
function numberOf(value: string): number | null {
  const text = value.trim().replace(',', '.')
  return NUMBER.test(text) ? Number(text) : null
}

const within = (min: number, max: number) => (text: string) => {
  const n = numberOf(text)
  return n !== null && n >= min && n <= max
}
const isAmount = within(0, MAX_BUDGET_USD)

const title = () => v.pipe(v.string(), v.trim(), v.maxLength(MAX_TITLE, FIELD_ERRORS.textLength))
/** Plain paragraphs in, the HTML the gateway stores out (its length is what the gateway limits). */
const content = () =>
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((text: string) => (text ? textToHtml(text) : '')),
    v.maxLength(MAX_CONTENT, FIELD_ERRORS.textLength),
  )
const choice = () => v.pipe(v.string(), v.regex(ID, FIELD_ERRORS.required), v.transform(Number))
/** An optional coordinate within ±`limit`, or null. */
const coordinate = (limit: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => text === '' || within(-limit, limit)(text), FIELD_ERRORS.invalid),
    v.transform((text) => numberOf(text)),
  )

/**
 * The project form's fields (docs/product.md#projects), with the cash-flow rows as a list. An empty row is skipped
 * (and a saved one deleted), so the form also works without JavaScript; the output is the gateway's body.
 */
const ProjectFormSchema = v.pipe(
  v.object({
    title_en: title(),
    title_ru: title(),
    title_uz: title(),
    content_en: content(),
    content_ru: content(),
    content_uz: content(),
    category_id: choice(),
    sector_id: choice(),
    region_id: choice(),
    budget: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(FIELD_ERRORS.required),
      v.check(isAmount, FIELD_ERRORS.invalid),
      v.transform((text) => numberOf(text) ?? 0),
    ),
    status: v.pipe(
      v.string(),
      v.transform((text) => ((PROJECT_STATUSES as readonly string[]).includes(text) ? text : 'open_for_investment')),
    ),
    latitude: coordinate(90),
    longitude: coordinate(180),
    phone: v.pipe(
      v.string(),
      v.transform((text: string) => text.replace(/[\s()+-]/g, '')),
      v.check((text) => text === '' || /^\d{7,15}$/.test(text), FIELD_ERRORS.invalid),
    ),
    email: v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => text === '' || isEmail(text), FIELD_ERRORS.email),
    ),
    deleted_budgets: v.pipe(
      v.string(),
      v.transform((text: string) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter((s) => ID.test(s))
          .map(Number),
      ),
    ),
    budgets: v.array(
      v.object({
        id: v.pipe(
          v.string(),
          v.transform((text: string) => (ID.test(text) ? Number(text) : undefined)),
        ),
        sum: v.pipe(
          v.string(),
          v.trim(),
          v.check((text) => text === '' || isAmount(text), FIELD_ERRORS.invalid),
        ),
      }),
    ),
  }),
  crossCheck(['title_en', (f) => PROJECT_LANGS.some((lang) => f(titleField(lang)) !== ''), 'forms.errors.oneLanguage']),
  v.transform((form): ProjectBody => {
    const deleted = new Set(form.deleted_budgets)
    const budgets: ProjectBody['budgets'] = []
    for (const row of form.budgets) {
      if (row.sum === '') {
        if (row.id) deleted.add(row.id)
      } else budgets.push(row.id ? { id: row.id, sum: numberOf(row.sum) ?? 0 } : { sum: numberOf(row.sum) ?? 0 })
    }
    return {
      title: { en: form.title_en, ru: form.title_ru, uz: form.title_uz },
      content: { en: form.content_en, ru: form.content_ru, uz: form.content_uz },
      category_id: form.category_id,
      sector_id: form.sector_id,
      region_id: form.region_id,
      budget: form.budget,
      status: form.status,
      latitude: form.latitude,
      longitude: form.longitude,
      phone: form.phone,
      email: form.email,
      budgets,
      deleted_budgets: [...deleted],
    }
  }),
)

const TEXT_FIELDS = [
  'category_id',
  'sector_id',
  'region_id',
  'budget',
  'status',
  'latitude',
  'longitude',
  'phone',
  'email',
  'deleted_budgets',
] as const

/** The gateway body of the posted fields, or the errors by field name (a cash-flow row's as `budgets.{row}.sum`). */
export function readProjectForm(f: FieldValues): { ok: true; body: ProjectBody } | { ok: false; errors: FieldErrors } {
  const rows = budgetRows(f)
  const input: Record<string, unknown> = {
    budgets: rows.map((row) => ({ id: f[budgetIdField(row)] ?? '', sum: f[budgetField(row)] ?? '' })),
  }
  for (const lang of PROJECT_LANGS) {
    input[titleField(lang)] = f[titleField(lang)] ?? ''
    input[contentField(lang)] = f[contentField(lang)] ?? ''
  }
  for (const name of TEXT_FIELDS) input[name] = f[name] ?? ''
  const checked = checkInput(ProjectFormSchema, input, (path) => {
    const [head, index] = path.split('.')
    return head === 'budgets' ? budgetField(rows[Number(index)] ?? 0) : head!
  })
  return checked.ok ? { ok: true, body: checked.output } : checked
}
