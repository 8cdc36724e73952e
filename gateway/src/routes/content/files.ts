/** Generated public files: illustrations (SVG), event agendas (text) and service document templates (PDF). */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { col } from '../../lib/lang'
import { parseArtName, renderArt } from '../../lib/svg-art'
import { langOf, notFound, readId, type ContentEnv, type Row } from './common'

export const fileRoutes = new Hono<ContentEnv>()

const IMMUTABLE = 'public, max-age=31536000, immutable'

function attachment(c: Context<ContentEnv>, body: string | Uint8Array, type: string, fileName: string) {
  c.header('content-type', type)
  c.header('content-disposition', `attachment; filename="${fileName}"`)
  c.header('x-content-type-options', 'nosniff')
  c.header('cache-control', 'public, max-age=3600')
  return c.body(body as string)
}

fileRoutes.get('/document/public/art/:file', (c) => {
  const file = c.req.param('file')
  const parsed = file.endsWith('.svg') ? parseArtName(file.slice(0, -4)) : null
  if (!parsed) notFound()
  c.header('content-type', 'image/svg+xml')
  c.header('cache-control', IMMUTABLE)
  c.header('x-content-type-options', 'nosniff')
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  return c.body(renderArt(parsed.name, parsed.ratio))
})

fileRoutes.get('/document/public/agenda/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const lang = langOf(c)
  const row = await c.env.DB.prepare(`SELECT ${col('name', lang)}, ${col('agenda', lang)}, date_from, time FROM events WHERE id = ?`).bind(id).first<Row>()
  if (!row) notFound()
  const text = `${row.name}\n${String(row.date_from).slice(0, 10)} ${row.time}\n\n${row.agenda}\n`
  return attachment(c, text, 'text/plain; charset=utf-8', `agenda-${id}.txt`)
})

/** A one-page PDF naming the document: a stand-in template, valid PDF 1.4 built by hand. */
export function templatePdf(title: string): Uint8Array {
  const ascii = title.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/[()\\]/g, '').slice(0, 90) || 'Document template'
  const stream = `BT /F1 16 Tf 56 780 Td (${ascii}) Tj 0 -28 Td /F1 11 Tf (Template issued by the Invest Portal reference gateway.) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(out)
}

fileRoutes.get('/document/public/template/:id', async (c) => {
  const id = readId(c.req.param('id'))
  const row = await c.env.DB.prepare(`SELECT ${col('title', 'en')} FROM documents WHERE id = ?`).bind(id).first<Row>()
  if (!row) notFound()
  return attachment(c, templatePdf(String(row.title)), 'application/pdf', `document-${id}.pdf`)
})
