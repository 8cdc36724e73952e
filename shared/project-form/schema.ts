/**
 * The personal-project form (docs/product.md#projects, docs/gateway-contract.md#personal-projects): its fields, one
 * schema for the edge and the browser, and one workflow (save, then upload the files) for both.
 */
import * as v from 'valibot'
import type { Created, Id, LocaleText } from './contract/common'
import { type FormStatus, formCodeFor, formStatusFor } from './form-status'
import {
  checkInput,
  crossCheck,
  FIELD_ERRORS,
  type FieldErrors,
  type FieldValues,
  type FileLike,
  isEmail,
} from './forms'
import { type GatewayClient, GatewayError } from './gateway-client'

export const PROJECT_LANGS = ['en', 'ru', 'uz'] as const
export type ProjectLang = (typeof PROJECT_LANGS)[number]
export const PROJECT_STATUSES = ['open_for_investment', 'under_negotiation', 'closed'] as const

const MB = 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * MB
export const PRESENTATION_MAX_BYTES = 25 * MB
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'
export const PRESENTATION_ACCEPT = '.pdf,.pptx,.docx,.xlsx'
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp']
const PRESENTATION_EXTENSIONS = ['pdf', 'pptx', 'docx', 'xlsx']
/** Cash-flow rows a form may carry (the gateway accepts 50). */
export const MAX_BUDGET_ROWS = 50
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

export const titleField = (lang: ProjectLang) => `title_${lang}`
export const contentField = (lang: ProjectLang) => `content_${lang}`
export const budgetField = (row: number) => `budgets.${row}.sum`
export const budgetIdField = (row: number) => `budgets.${row}.id`
export const presentationField = (lang: ProjectLang) => `presentation_${lang}` as const

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

/** The form field a gateway validation path points at (`content.en` → `content_en`, `title` → `title_en`). */
function projectErrorField(path: string): string {
  const [head, second, third] = path.split('.')
  if ((head === 'title' || head === 'content') && second && (PROJECT_LANGS as readonly string[]).includes(second))
    return `${head}_${second}`
  if (head === 'title') return titleField('en')
  if (head === 'budgets' && second !== undefined)
    return third === 'id' ? budgetIdField(Number(second)) : budgetField(Number(second))
  return head ?? path
}

/** Escapes text and turns blank-line separated paragraphs into `<p>`s (the gateway sanitises again). */
function textToHtml(text: string): string {
  const escapeText = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

/** Readable text of stored HTML for editing: paragraphs become blank lines, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
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

function extension(name: string): string {
  return name.toLowerCase().split('.').pop() ?? ''
}

/** Size and type checks of the image and presentations before uploading (the gateway checks the bytes again). */
export function checkProjectFiles(files: Readonly<Partial<Record<string, FileLike>>>): FieldErrors {
  const errors: FieldErrors = {}
  const image = files.image
  if (image) {
    if (!IMAGE_EXTENSIONS.includes(extension(image.name))) errors.image = 'forms.errors.fileType'
    else if (image.size > IMAGE_MAX_BYTES) errors.image = 'forms.errors.imageTooLarge'
  }
  for (const lang of PROJECT_LANGS) {
    const file = files[presentationField(lang)]
    if (!file) continue
    if (!PRESENTATION_EXTENSIONS.includes(extension(file.name)))
      errors[presentationField(lang)] = 'forms.errors.fileType'
    else if (file.size > PRESENTATION_MAX_BYTES) errors[presentationField(lang)] = 'forms.errors.presentationTooLarge'
  }
  return errors
}

/** A file field of the form: the image, or one language's presentation. */
export type ProjectFileField = 'image' | `presentation_${ProjectLang}`
export const PROJECT_FILE_FIELDS: readonly ProjectFileField[] = ['image', ...PROJECT_LANGS.map(presentationField)]

/** The files a submission carries, by field. */
export type ProjectFiles = Readonly<Partial<Record<string, FileLike & Blob>>>

/** What the workflow needs from the side that runs it: the edge's action or the browser's page. */
export type ProjectFormPorts = Readonly<{
  /** The gateway as the signed-in user. */
  gateway: Pick<GatewayClient, 'request'>
  /** Sends one file's multipart body to `/gateway{path}` (the browser shows its progress by field). */
  upload: (path: string, data: FormData, field: ProjectFileField) => Promise<unknown>
  /** Told once the form passed its checks and is being sent (the browser shows it is busy). */
  onSend?: () => void
}>

/** A saved project (its files uploaded, or some of them failed), or the form to show again. */
export type ProjectFormOutcome =
  | { ok: true; id: Id; filesFailed: boolean }
  | { ok: false; status: FormStatus; values: FieldValues; errors: FieldErrors; code: string | null }

/**
 * Submits the project form (docs/product.md#projects): checks the fields and files, creates the project (or updates
 * the one with `id`), then uploads the image and each presentation, one file at a time. A failed upload ends the
 * uploads but not the submission: the project is saved and goes to moderation, and sending the form again would
 * create it twice. One workflow for the no-JavaScript action and the page.
 */
export async function submitProjectForm(
  ports: ProjectFormPorts,
  input: Readonly<{ fields: FieldValues; files: ProjectFiles; id: string | null }>,
): Promise<ProjectFormOutcome> {
  const { fields, files } = input
  const read = readProjectForm(fields)
  const errors = { ...(read.ok ? {} : read.errors), ...checkProjectFiles(files) }
  if (!read.ok || Object.keys(errors).length) return { ok: false, status: 422, values: fields, errors, code: null }
  ports.onSend?.()

  let id: Id
  try {
    const envelope = input.id
      ? await ports.gateway.request<Created>('PUT', '/siw/personal/project', {
          query: { id: input.id },
          body: read.body,
        })
      : await ports.gateway.request<Created>('POST', '/siw/personal/project', { body: read.body })
    id = envelope.content.id
  } catch (err) {
    return {
      ok: false,
      status: formStatusFor(err),
      values: fields,
      errors: gatewayFieldErrors(err),
      code: formCodeFor(err),
    }
  }

  for (const [field, path, data] of uploadsOf(id, files)) {
    try {
      await ports.upload(path, data, field)
    } catch {
      return { ok: true, id, filesFailed: true }
    }
  }
  return { ok: true, id, filesFailed: false }
}

/** One multipart upload per chosen file: the image, then each language's presentation. */
function uploadsOf(id: Id, files: ProjectFiles): [ProjectFileField, string, FormData][] {
  const jobs: [ProjectFileField, string, FormData][] = []
  const image = files.image
  if (image) {
    const data = new FormData()
    data.set('project_id', String(id))
    data.set('file', image)
    jobs.push(['image', '/document/project/upload', data])
  }
  for (const lang of PROJECT_LANGS) {
    const field = presentationField(lang)
    const file = files[field]
    if (!file) continue
    const data = new FormData()
    data.set('project_id', String(id))
    data.set(field, file)
    jobs.push([field, '/document/project/presentation', data])
  }
  return jobs
}

/** Field errors of a gateway `validation_error`, on the form's own field names. */
function gatewayFieldErrors(err: unknown): FieldErrors {
  const errors: FieldErrors = {}
  if (err instanceof GatewayError && err.code === 'validation_error') {
    for (const path of err.envelope?.errors ?? []) errors[projectErrorField(path)] = FIELD_ERRORS.invalid
  }
  return errors
}

/** The language of a project's title or content for display: the page's language first, then any filled one. */
export function pickLang(value: LocaleText | null | undefined, lang: string): string {
  if (!value) return ''
  return value[lang as ProjectLang] || value.en || value.ru || value.uz || ''
}
