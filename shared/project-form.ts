/**
 * The personal-project form (GATEWAY.md "Personal projects"): field names, checks and the JSON body, shared by the
 * page action (no JavaScript) and the browser (JSON call, then uploads with progress).
 */
import { FIELD_ERRORS, isEmail, type FieldErrors, type FieldValues } from './account-forms'

export const PROJECT_LANGS = ['en', 'ru', 'uz'] as const
export type ProjectLang = (typeof PROJECT_LANGS)[number]
export const PROJECT_STATUSES = ['open_for_investment', 'under_negotiation', 'closed'] as const
export type ProjectState = 'pending' | 'approved' | 'rejected'

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

/** Project fields as the gateway reads them back. */
export type PersonalProject = {
  id: number
  title: Record<ProjectLang, string>
  content: Record<ProjectLang, string>
  category_id: number
  sector_id: number
  region_id: number
  budget: number
  status: (typeof PROJECT_STATUSES)[number]
  latitude: number | null
  longitude: number | null
  phone: string
  email: string
  budgets: { id: number; sum: number }[]
  state: ProjectState
  reject_reason: string | null
  draft: boolean
  visible?: boolean
  upload: { original_name?: string; file_name?: string; download_link?: string; thumbnail_link?: string } | null
  presentation: Partial<Record<ProjectLang, { original_name?: string; file_name?: string; download_link?: string } | null>>
  createdAt: string
}

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
export const presentationField = (lang: ProjectLang) => `presentation_${lang}`

const ID = /^\d{1,10}$/
const NUMBER = /^-?\d+(\.\d+)?$/

function numberOf(value: string | undefined): number | null {
  const text = (value ?? '').trim().replace(',', '.')
  return NUMBER.test(text) ? Number(text) : null
}

/** The form field a gateway validation path points at (`content.en` → `content_en`, `title` → `title_en`). */
export function projectErrorField(path: string): string {
  const [head, second, third] = path.split('.')
  if ((head === 'title' || head === 'content') && second && (PROJECT_LANGS as readonly string[]).includes(second)) return `${head}_${second}`
  if (head === 'title') return titleField('en')
  if (head === 'budgets' && second !== undefined) return third === 'id' ? budgetIdField(Number(second)) : budgetField(Number(second))
  return head ?? path
}

/** Escapes text and turns blank-line separated paragraphs into `<p>`s (the gateway sanitises again). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
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

/**
 * Checks the fields and builds the gateway body. An empty cash-flow row is skipped (and an existing one is deleted),
 * so the form also works without JavaScript.
 */
export function readProjectForm(f: FieldValues): { body: ProjectBody; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const title = {} as Record<ProjectLang, string>
  const content = {} as Record<ProjectLang, string>
  for (const lang of PROJECT_LANGS) {
    title[lang] = (f[titleField(lang)] ?? '').trim()
    if (title[lang].length > MAX_TITLE) errors[titleField(lang)] = FIELD_ERRORS.textLength
    const text = (f[contentField(lang)] ?? '').trim()
    content[lang] = text ? textToHtml(text) : ''
    if (content[lang].length > MAX_CONTENT) errors[contentField(lang)] = FIELD_ERRORS.textLength
  }
  if (PROJECT_LANGS.every((l) => !title[l])) errors[titleField('en')] = 'forms.errors.oneLanguage'
  for (const name of ['category_id', 'sector_id', 'region_id']) if (!ID.test(f[name] ?? '')) errors[name] = FIELD_ERRORS.required
  const budget = numberOf(f.budget)
  if (!(f.budget ?? '').trim()) errors.budget = FIELD_ERRORS.required
  else if (budget === null || budget < 0 || budget > MAX_BUDGET_USD) errors.budget = FIELD_ERRORS.invalid
  const status = (PROJECT_STATUSES as readonly string[]).includes(f.status ?? '') ? f.status! : 'open_for_investment'
  const latitude = (f.latitude ?? '').trim() ? numberOf(f.latitude) : null
  if ((f.latitude ?? '').trim() && (latitude === null || latitude < -90 || latitude > 90)) errors.latitude = FIELD_ERRORS.invalid
  const longitude = (f.longitude ?? '').trim() ? numberOf(f.longitude) : null
  if ((f.longitude ?? '').trim() && (longitude === null || longitude < -180 || longitude > 180)) errors.longitude = FIELD_ERRORS.invalid
  const phone = (f.phone ?? '').replace(/[\s()+-]/g, '')
  if (phone && !/^\d{7,15}$/.test(phone)) errors.phone = FIELD_ERRORS.invalid
  const email = (f.email ?? '').trim()
  if (email && !isEmail(email)) errors.email = FIELD_ERRORS.email
  const budgets: ProjectBody['budgets'] = []
  const deleted = new Set<number>(
    (f.deleted_budgets ?? '')
      .split(',')
      .filter((s) => ID.test(s.trim()))
      .map(Number),
  )
  for (const row of budgetRows(f)) {
    const raw = (f[budgetField(row)] ?? '').trim()
    const id = ID.test(f[budgetIdField(row)] ?? '') ? Number(f[budgetIdField(row)]) : undefined
    if (!raw) {
      if (id) deleted.add(id)
      continue
    }
    const sum = numberOf(raw)
    if (sum === null || sum < 0 || sum > MAX_BUDGET_USD) errors[budgetField(row)] = FIELD_ERRORS.invalid
    else budgets.push(id ? { id, sum } : { sum })
  }
  return {
    body: {
      title,
      content,
      category_id: Number(f.category_id),
      sector_id: Number(f.sector_id),
      region_id: Number(f.region_id),
      budget: budget ?? 0,
      status,
      latitude,
      longitude,
      phone,
      email,
      budgets,
      deleted_budgets: [...deleted],
    },
    errors,
  }
}

function extension(name: string): string {
  return name.toLowerCase().split('.').pop() ?? ''
}

/** Size and type checks of the image and presentations before uploading (the gateway checks the bytes again). */
export function checkProjectFiles(files: Readonly<Record<string, { name: string; size: number } | undefined>>): FieldErrors {
  const errors: FieldErrors = {}
  const image = files.image
  if (image) {
    if (!IMAGE_EXTENSIONS.includes(extension(image.name))) errors.image = 'forms.errors.fileType'
    else if (image.size > IMAGE_MAX_BYTES) errors.image = 'forms.errors.imageTooLarge'
  }
  for (const lang of PROJECT_LANGS) {
    const file = files[presentationField(lang)]
    if (!file) continue
    if (!PRESENTATION_EXTENSIONS.includes(extension(file.name))) errors[presentationField(lang)] = 'forms.errors.fileType'
    else if (file.size > PRESENTATION_MAX_BYTES) errors[presentationField(lang)] = 'forms.errors.presentationTooLarge'
  }
  return errors
}

/** The language of a project's title or content for display: the page's language first, then any filled one. */
export function pickLang(value: Partial<Record<ProjectLang, string>> | null | undefined, lang: string): string {
  if (!value) return ''
  return value[lang as ProjectLang] || value.en || value.ru || value.uz || ''
}
