/** `/document/*`: project image and presentations, event application documents, and serving public files. */
import { type Context, Hono } from 'hono'
import { LOCALES } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { sha256Hex } from '../../lib/crypto'
import { GatewayError, ok } from '../../lib/envelope'
import { failValidation, IdSchema, parseInput } from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { readOwnProject } from '../personal/routes'
import {
  checkUpload,
  contentDisposition,
  deleteFile,
  type FileRow,
  saveUpload,
  toFileView,
  UPLOAD_RULES,
} from './files'

/** Documents may be attached to an event application only this soon after it was submitted, and only once. */
const APPLICATION_DOCUMENTS_WINDOW_MS = 3600_000

async function readForm(c: Context): Promise<FormData> {
  try {
    return await c.req.formData()
  } catch {
    failValidation(['body'])
  }
}

/** The `/document/*` routes. */
export const documentRoutes = new Hono<AppEnv>()

documentRoutes.use('/document/project/*', requireUser)

documentRoutes.post('/document/project/upload', async (c) => {
  const form = await readForm(c)
  const projectId = parseInput(IdSchema, form.get('project_id') ?? '')
  const project = await readOwnProject(c, projectId)
  const upload = await checkUpload(form.get('file'), UPLOAD_RULES.projectImage, 'file')
  const now = new Date()
  const file = await saveUpload(c.env, upload, {
    prefix: `projects/${projectId}`,
    ownerUserId: c.get('user').id,
    isPublic: true,
    now,
  })
  await c.env.DB.prepare('UPDATE personal_projects SET upload_file_id = ?, updated_at = ? WHERE id = ?')
    .bind(file.id, now.toISOString(), projectId)
    .run()
  await deleteFile(c.env, project.upload_file_id)
  return ok(c, toFileView(file, readConfig(c.env).publicBase))
})

documentRoutes.post('/document/project/presentation', async (c) => {
  const form = await readForm(c)
  const projectId = parseInput(IdSchema, form.get('project_id') ?? '')
  const project = await readOwnProject(c, projectId)
  const present = LOCALES.filter((l) => form.get(`presentation_${l}`) !== null)
  if (present.length === 0) failValidation(LOCALES.map((l) => `presentation_${l}`))
  // Every file is checked before any is stored, so a bad one leaves nothing half-saved.
  const checked = []
  for (const lang of present)
    checked.push({
      lang,
      upload: await checkUpload(form.get(`presentation_${lang}`), UPLOAD_RULES.presentation, `presentation_${lang}`),
    })
  const now = new Date()
  const publicBase = readConfig(c.env).publicBase
  const saved: Partial<Record<(typeof LOCALES)[number], ReturnType<typeof toFileView>>> = {}
  for (const { lang, upload } of checked) {
    const file = await saveUpload(c.env, upload, {
      prefix: `projects/${projectId}`,
      ownerUserId: c.get('user').id,
      isPublic: true,
      now,
    })
    await c.env.DB.prepare(`UPDATE personal_projects SET presentation_${lang}_file_id = ?, updated_at = ? WHERE id = ?`)
      .bind(file.id, now.toISOString(), projectId)
      .run()
    await deleteFile(c.env, project[`presentation_${lang}_file_id`])
    saved[lang] = toFileView(file, publicBase)
  }
  return ok(c, saved)
})

documentRoutes.post('/document/public/event-application', async (c) => {
  const form = await readForm(c)
  const applicationId = parseInput(IdSchema, form.get('application_id') ?? '')
  const uploadToken = form.get('upload_token')
  const db = c.env.DB
  const now = new Date()
  // The upload capability the application's creation answered: without it the application does not exist here.
  if (typeof uploadToken !== 'string' || uploadToken.length < 16 || uploadToken.length > 64)
    throw new GatewayError(404, 'not_found')
  const application = await db
    .prepare(
      `SELECT a.id, a.created_at, d.application_id AS has_documents FROM event_applications a
       LEFT JOIN event_application_documents d ON d.application_id = a.id WHERE a.id = ? AND a.upload_token_hash = ?`,
    )
    .bind(applicationId, await sha256Hex(uploadToken))
    .first<{ id: number; created_at: string; has_documents: number | null }>()
  // A public endpoint: it only completes a fresh application that has no documents yet.
  if (!application || Date.parse(application.created_at) + APPLICATION_DOCUMENTS_WINDOW_MS < now.getTime()) {
    throw new GatewayError(404, 'not_found')
  }
  if (application.has_documents) throw new GatewayError(409, 'invalid_state')
  const passport = await checkUpload(form.get('passport'), UPLOAD_RULES.passport, 'passport')
  const image = await checkUpload(form.get('image'), UPLOAD_RULES.photo, 'image')
  const options = { prefix: `event-applications/${applicationId}`, ownerUserId: null, isPublic: false, now }
  const passportFile = await saveUpload(c.env, passport, options)
  const imageFile = await saveUpload(c.env, image, options)
  const inserted = await db
    .prepare(
      'INSERT OR IGNORE INTO event_application_documents (application_id, passport_file_id, image_file_id, created_at) VALUES (?, ?, ?, ?)',
    )
    .bind(applicationId, passportFile.id, imageFile.id, now.toISOString())
    .run()
  if (inserted.meta.changes !== 1) {
    await deleteFile(c.env, passportFile.id)
    await deleteFile(c.env, imageFile.id)
    throw new GatewayError(409, 'invalid_state')
  }
  return ok(c, { id: applicationId })
})

documentRoutes.get('/document/public/file/:id{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const row = await c.env.DB.prepare('SELECT * FROM files WHERE id = ? AND is_public = 1')
    .bind(c.req.param('id'))
    .first<FileRow>()
  const object = row ? await c.env.UPLOADS.get(row.r2_key) : null
  if (!row || !object) throw new GatewayError(404, 'not_found')
  return new Response(object.body, {
    headers: {
      'Content-Type': row.content_type,
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition(row),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=86400',
      ETag: object.httpEtag,
    },
  })
})
