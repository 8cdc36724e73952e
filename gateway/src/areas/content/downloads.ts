/** Generated public files: illustrations (SVG), event agendas (text) and service document templates (PDF/DOCX/XLSX). */
import { type Context, Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { type ContentEnv, generatedFile, langOf, notFound, previewOf, readId } from './common'
import { createTemplate, TEMPLATE_CONTENT_TYPES, type TemplateType } from './office-files'
import { type Row, readAgendaSource, readDocument } from './queries'
import { parseArtName, renderArt } from './svg-art'

/** `/document/public/{art,agenda,template}`: generated downloads, mounted at `/document/public`. */
export const downloadRoutes = new Hono<ContentEnv>()

const IMMUTABLE = 'public, max-age=31536000, immutable'
const TEXT_TYPE = 'text/plain; charset=utf-8'
const encoder = new TextEncoder()

/** The agenda download of an event row carrying `name`, `date_from`, `time`, `location` and `agenda_text`. */
function renderAgenda(r: Row): string {
  return `${r.name}\n${String(r.date_from).slice(0, 10)} ${r.time}\n${r.location}\n\n${r.agenda_text}\n`
}

/** The event's `agenda` File (its link pins the language, its size is the real download's). */
export function agendaFile(c: Context<ContentEnv>, r: Row, lang: Locale) {
  return generatedFile(
    c,
    `agenda/${r.id}`,
    `agenda-${r.id}.txt`,
    TEXT_TYPE,
    encoder.encode(renderAgenda(r)).length,
    lang,
  )
}

const TEMPLATE_LINES: Record<Locale, string[]> = {
  en: [
    'Document template for this step of the service.',
    'Fill in the fields and attach the file to your application.',
    'Issued by the Invest Portal reference gateway.',
  ],
  ru: [
    'Шаблон документа для этого этапа услуги.',
    'Заполните поля и приложите файл к заявке.',
    'Сформирован эталонным шлюзом Invest Portal.',
  ],
  uz: [
    'Xizmatning ushbu bosqichi uchun hujjat shabloni.',
    'Maydonlarni toʻldiring va faylni arizangizga ilova qiling.',
    'Invest Portal namunaviy shlyuzi tomonidan tayyorlangan.',
  ],
}

/** Bytes of a document template; PDFs use the English title and text (standard PDF fonts are Latin-only). */
function renderTemplate(r: Row, lang: Locale): Uint8Array {
  const type = r.type as TemplateType
  return type === 'pdf'
    ? createTemplate('pdf', String(r.title_pdf), TEMPLATE_LINES.en)
    : createTemplate(type, String(r.title), TEMPLATE_LINES[lang])
}

/** A document row (`id, type, title, title_pdf`) as the step answer shows it, with its template as `upload`. */
export function toDocument(c: Context<ContentEnv>, r: Row, lang: Locale) {
  const type = r.type as TemplateType
  return {
    id: r.id,
    title: r.title,
    type,
    upload: generatedFile(
      c,
      `template/${r.id}`,
      `document-${r.id}.${type}`,
      TEMPLATE_CONTENT_TYPES[type],
      renderTemplate(r, lang).length,
      lang,
    ),
  }
}

function attachment(c: Context<ContentEnv>, body: string | Uint8Array, type: string, fileName: string) {
  c.header('content-type', type)
  c.header('content-disposition', `attachment; filename="${fileName}"`)
  c.header('x-content-type-options', 'nosniff')
  c.header('cache-control', 'public, max-age=3600')
  return c.body(typeof body === 'string' ? body : (body.buffer as ArrayBuffer))
}

downloadRoutes.get('/art/:file', (c) => {
  const file = c.req.param('file')
  const parsed = file.endsWith('.svg') ? parseArtName(file.slice(0, -4)) : null
  if (!parsed) notFound()
  c.header('content-type', 'image/svg+xml')
  c.header('cache-control', IMMUTABLE)
  c.header('x-content-type-options', 'nosniff')
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  return c.body(renderArt(parsed.name, parsed.ratio))
})

downloadRoutes.get('/agenda/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const row = await readAgendaSource(c.env.DB, lang, previewOf(c), id)
  if (!row) notFound()
  return attachment(c, renderAgenda(row), TEXT_TYPE, `agenda-${id}.txt`)
})

downloadRoutes.get('/template/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const row = await readDocument(c.env.DB, lang, previewOf(c), id)
  if (!row) notFound()
  const type = row.type as TemplateType
  return attachment(c, renderTemplate(row, lang), TEMPLATE_CONTENT_TYPES[type], `document-${id}.${type}`)
})
