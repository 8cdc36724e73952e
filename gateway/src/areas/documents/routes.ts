/** `/document/*`: project image and presentations, event application documents, and serving public files. */
import { type Context, Hono } from 'hono'
import { LOCALES, type Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { sha256Hex } from '../../lib/crypto'
import { GatewayError, ok } from '../../lib/envelope'
import { failValidation, IdSchema, parseInput } from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { readOwnProject } from '../personal/projects'
import { setProjectFile } from '../personal/queries'
import {
  type CheckedUpload,
  checkUpload,
  contentDisposition,
  deleteFile,
  deleteFiles,
  saveUpload,
  toFileView,
  UPLOAD_RULES,
} from './files'
import { serveMapTiles } from './map-tiles'
import {
  type FileRow,
  findApplicationForUpload,
  insertApplicationDocuments,
  readOwnFile,
  readPublicFile,
} from './queries'

/** Documents may be attached to an event application only this soon after it was submitted, and only once. */
const APPLICATION_DOCUMENTS_WINDOW_MS = 3600_000

async function readForm(c: Context): Promise<FormData> {
  try {
    return await c.req.formData()
  } catch {
    failValidation(['body'])
  }
}

/** The `/document/*` routes, mounted at `/document`. */
export const documentRoutes = new Hono<AppEnv>()

documentRoutes.use('/project/*', requireUser)

documentRoutes.post('/project/upload', async (c) => {
  const form = await readForm(c)
  const projectId = parseInput(IdSchema, form.get('project_id') ?? '')
  const project = await readOwnProject(c, projectId)
  const upload = await checkUpload(form.get('file'), UPLOAD_RULES.projectImage, 'file')
  const now = new Date()
  const file = await saveUpload(c.env, upload, {
    prefix: `projects/${projectId}`,
    ownerUserId: c.get('user').id,
    isPublic: false,
    now,
  })
  await setProjectFile(c.env.DB, projectId, 'upload', file.id, now)
  await deleteFile(c.env, project.upload_file_id)
  return ok(c, toFileView(file, readConfig(c.env).publicBase))
})

documentRoutes.post('/project/presentation', async (c) => {
  const form = await readForm(c)
  const projectId = parseInput(IdSchema, form.get('project_id') ?? '')
  const project = await readOwnProject(c, projectId)
  const present = LOCALES.filter((l) => form.get(`presentation_${l}`) !== null)
  if (present.length === 0) failValidation(LOCALES.map((l) => `presentation_${l}`))
  // Every file is checked before any is stored, so a bad one leaves nothing half-saved.
  const checked: { lang: Locale; upload: CheckedUpload }[] = []
  for (const lang of present)
    checked.push({
      lang,
      upload: await checkUpload(form.get(`presentation_${lang}`), UPLOAD_RULES.presentation, `presentation_${lang}`),
    })
  const now = new Date()
  const publicBase = readConfig(c.env).publicBase
  const saved: Partial<Record<Locale, ReturnType<typeof toFileView>>> = {}
  for (const { lang, upload } of checked) {
    const file = await saveUpload(c.env, upload, {
      prefix: `projects/${projectId}`,
      ownerUserId: c.get('user').id,
      isPublic: false,
      now,
    })
    await setProjectFile(c.env.DB, projectId, `presentation_${lang}`, file.id, now)
    await deleteFile(c.env, project[`presentation_${lang}_file_id`])
    saved[lang] = toFileView(file, publicBase)
  }
  return ok(c, saved)
})

documentRoutes.post('/public/event-application', async (c) => {
  const form = await readForm(c)
  const applicationId = parseInput(IdSchema, form.get('application_id') ?? '')
  const uploadToken = form.get('upload_token')
  const now = new Date()
  // The upload capability the application's creation answered: without it the application does not exist here.
  if (typeof uploadToken !== 'string' || uploadToken.length < 16 || uploadToken.length > 64)
    throw new GatewayError(404, 'not_found')
  const application = await findApplicationForUpload(c.env.DB, applicationId, await sha256Hex(uploadToken))
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
  const documents = { applicationId, passportFileId: passportFile.id, imageFileId: imageFile.id }
  if (!(await insertApplicationDocuments(c.env.DB, documents, now))) {
    await deleteFiles(c.env, [passportFile.id, imageFile.id])
    throw new GatewayError(409, 'invalid_state')
  }
  return ok(c, { id: applicationId })
})

/** A stored file's bytes with the sandbox headers every served file gets; 404 when there is none. */
async function serveFile(env: Env, row: FileRow | null, cacheControl: string): Promise<Response> {
  const object = row ? await env.UPLOADS.get(row.r2_key) : null
  if (!row || !object) throw new GatewayError(404, 'not_found')
  return new Response(object.body, {
    headers: {
      'Content-Type': row.content_type,
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition(row),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': cacheControl,
      ETag: object.httpEtag,
    },
  })
}

/**
 * A file anyone may have (docs/security.md#uploads): a public one, and a user's project upload once the project is
 * approved. The answer is the same whoever asks, as every `public` call's (the portal sends no token with it).
 */
documentRoutes.get('/public/file/:id{[A-Za-z0-9_-]{8,64}}', async (c) =>
  serveFile(c.env, await readPublicFile(c.env.DB, c.req.param('id')), 'public, max-age=86400'),
)

documentRoutes.get('/public/map-tiles', serveMapTiles)

/** A user's own upload, approved or not, to them alone and never cached (moderators: the operators' files route). */
documentRoutes.get('/project/file/:id{[A-Za-z0-9_-]{8,64}}', async (c) =>
  serveFile(c.env, await readOwnFile(c.env.DB, c.req.param('id'), c.get('user').id), 'private, no-store'),
)
