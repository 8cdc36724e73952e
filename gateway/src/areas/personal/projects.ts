/**
 * A user's investment projects (docs/gateway-contract.md#personal-projects): the form's fields (its category, sector
 * and region looked up in D1), its rich text through the allow-list, and the shape the project form reads back.
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { PROJECT_STATUSES } from '../../../../contract/gateway/statuses'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { sanitizeUserHtml } from '../../lib/user-html'
import {
  BoolSchema,
  EmailSchema,
  failValidation,
  IdSchema,
  localeText,
  NumberSchema,
  PhoneSchema,
} from '../../lib/validate'
import { knownIn } from '../content/references'
import { readFileRows, toFileView } from '../documents/files'
import { listBudgets, type ProjectColumns, type ProjectRow, readOwnProjectRow } from './queries'

const MAX_BUDGET_USD = 1e12
const MAX_CONTENT_CHARS = 50_000

/** The project form; its category, sector and region must be rows of D1 (`knownIn`). */
export const projectSchema = (db: D1Database) =>
  v.objectAsync({
    title: localeText(255),
    content: v.optional(
      v.object({ en: v.nullish(v.string(), ''), ru: v.nullish(v.string(), ''), uz: v.nullish(v.string(), '') }),
      {},
    ),
    category_id: v.pipeAsync(IdSchema, knownIn(db, 'project_categories')),
    sector_id: v.pipeAsync(IdSchema, knownIn(db, 'sectors')),
    region_id: v.pipeAsync(IdSchema, knownIn(db, 'regions')),
    budget: v.pipe(NumberSchema, v.minValue(0), v.maxValue(MAX_BUDGET_USD)),
    status: v.optional(v.picklist(PROJECT_STATUSES), 'open_for_investment'),
    latitude: v.nullish(v.pipe(NumberSchema, v.minValue(-90), v.maxValue(90)), null),
    longitude: v.nullish(v.pipe(NumberSchema, v.minValue(-180), v.maxValue(180)), null),
    phone: v.nullish(v.union([v.literal(''), PhoneSchema]), ''),
    email: v.nullish(v.union([v.literal(''), EmailSchema]), ''),
    budgets: v.optional(
      v.pipe(
        v.array(
          v.object({ id: v.nullish(IdSchema), sum: v.pipe(NumberSchema, v.minValue(0), v.maxValue(MAX_BUDGET_USD)) }),
        ),
        v.maxLength(50),
      ),
      [],
    ),
    deleted_budgets: v.optional(v.pipe(v.array(IdSchema), v.maxLength(50)), []),
    draft: v.optional(BoolSchema, false),
  })

export type ProjectInput = v.InferOutput<ReturnType<typeof projectSchema>>

/**
 * The stored columns of a form, its rich text sanitised for the portal at `portalOrigin` (422 naming a language whose
 * text is too long).
 */
export async function toProjectColumns(input: ProjectInput, portalOrigin: string): Promise<ProjectColumns> {
  const content = {} as Record<Locale, string>
  for (const lang of LOCALES) {
    const html = input.content[lang] ?? ''
    if (html.length > MAX_CONTENT_CHARS) failValidation([`content.${lang}`])
    content[lang] = await sanitizeUserHtml(html, portalOrigin)
  }
  return { ...input, content }
}

const locale = (row: Record<string, unknown>, field: string) =>
  Object.fromEntries(LOCALES.map((l) => [l, String(row[`${field}_${l}`] ?? '')])) as Record<Locale, string>

/** Personal projects with their budgets and files, in the shape the project form reads. */
export async function toProjectViews(db: D1Database, rows: ProjectRow[], publicBase: string) {
  if (rows.length === 0) return []
  const budgets = await listBudgets(
    db,
    rows.map((r) => r.id),
  )
  const files = await readFileRows(
    db,
    rows.flatMap((r) => [
      r.upload_file_id,
      r.presentation_en_file_id,
      r.presentation_ru_file_id,
      r.presentation_uz_file_id,
    ]),
  )
  const file = (id: string | null) => {
    const f = id ? files.get(id) : undefined
    return f ? toFileView(f, publicBase) : null
  }
  return rows.map((r) => ({
    id: r.id,
    title: locale(r, 'title'),
    content: locale(r, 'content'),
    category_id: r.category_id,
    sector_id: r.sector_id,
    region_id: r.region_id,
    budget: r.budget,
    status: r.status,
    latitude: r.latitude,
    longitude: r.longitude,
    phone: r.phone,
    email: r.email,
    budgets: budgets.filter((b) => b.project_id === r.id).map((b) => ({ id: b.id, sum: b.sum })),
    state: r.state,
    reject_reason: r.reject_reason,
    draft: r.draft === 1,
    visible: r.visible === 1,
    upload: file(r.upload_file_id),
    presentation: {
      en: file(r.presentation_en_file_id),
      ru: file(r.presentation_ru_file_id),
      uz: file(r.presentation_uz_file_id),
    },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }))
}

/** The user's own project row, or 404 `not_found`. */
export async function readOwnProject(c: Context<AppEnv>, id: number): Promise<ProjectRow> {
  const row = await readOwnProjectRow(c.env.DB, id, c.get('user').id)
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

/** The user's own project as the form reads it, or 404. */
export async function readProjectView(c: Context<AppEnv>, id: number) {
  const row = await readOwnProject(c, id)
  return (await toProjectViews(c.env.DB, [row], readConfig(c.env).publicBase))[0]!
}
