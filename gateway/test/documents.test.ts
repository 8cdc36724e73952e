import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { sniffFileKind } from '../src/areas/documents/files'
import {
  call,
  createUser,
  DOCX_BYTES,
  ensureSeeded,
  fileOf,
  JPEG_BYTES,
  makeZip,
  PDF_BYTES,
  PNG_BYTES,
  PPTX_BYTES,
  padBytes,
  type TestUser,
} from './helpers'

beforeAll(ensureSeeded)

const MB = 1024 * 1024

async function createProject(user: TestUser) {
  const body = { title: { en: 'Textile park' }, category_id: 1, sector_id: 6, region_id: 1730, budget: 1000 }
  return (await call('/siw/personal/project', { token: user.token, body })).body.content.id as number
}

function form(fields: Record<string, string | File>) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

const uploadImage = (user: TestUser, projectId: number, file: File) =>
  call('/document/project/upload', { token: user.token, body: form({ project_id: String(projectId), file }) })

/** Creates an event application; answers its id and the upload capability the creation handed out. */
async function createApplication(): Promise<Application> {
  const body = {
    event_id: 8,
    role: 'participant',
    first_name: 'Li',
    last_name: 'Wei',
    birth_date: '1985-02-03',
    gender: 'male',
    email: 'li.wei@test.example',
    phone: '8613800138000',
    passport: 'E12345678',
    country_id: 156,
    address: 'Chaoyang, Beijing',
    birthplace: 'Beijing',
    organization: 'Wei Trading',
    position: 'Director',
  }
  return (await call('/siw/public/event-application', { body })).body.content as Application
}

type Application = { id: number; upload_token: string }

describe('sniffing file types', () => {
  it('recognises types by their bytes and Office files by their ZIP entries', () => {
    expect(sniffFileKind(PNG_BYTES)).toBe('png')
    expect(sniffFileKind(JPEG_BYTES)).toBe('jpg')
    expect(sniffFileKind(PDF_BYTES)).toBe('pdf')
    expect(sniffFileKind(PPTX_BYTES)).toBe('pptx')
    expect(sniffFileKind(DOCX_BYTES)).toBe('docx')
    expect(sniffFileKind(makeZip(['[Content_Types].xml', 'xl/workbook.xml']))).toBe('xlsx')
    expect(sniffFileKind(makeZip(['readme.txt']))).toBeNull()
    expect(sniffFileKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffFileKind(new TextEncoder().encode('GIF89a'))).toBeNull()
  })
})

describe('POST /document/project/upload', () => {
  it('stores the image under a server key and serves it back with safe headers', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const r = await uploadImage(user, id, fileOf(PNG_BYTES, '..\\../etc/photo<x>.jpg', 'text/html'))
    expect(r.body.content).toMatchObject({
      size: PNG_BYTES.length,
      path: expect.stringMatching(new RegExp(`^projects/${id}/[A-Za-z0-9_-]+\\.png$`)),
      file_name: expect.stringMatching(/\.png$/),
      original_name: 'photox.jpg',
      file_extension: 'png',
      content_type: 'image/png',
      download_link: `/gateway/document/project/file/${r.body.content.id}`,
      thumbnail_link: `/gateway/document/project/file/${r.body.content.id}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    expect((await call(`/siw/personal/project/${id}`, { token: user.token })).body.content.upload.id).toBe(
      r.body.content.id,
    )
    const { res } = await call(`/document/project/file/${r.body.content.id}`, { token: user.token })
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="photox.jpg"/)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES)
  })

  it('serves a project’s upload to its owner alone until the project is approved, then to anyone', async () => {
    const user = await createUser()
    const other = await createUser()
    const id = await createProject(user)
    const image = (await uploadImage(user, id, fileOf(PNG_BYTES, 'a.png'))).body.content
    const shared = `/document/public/file/${image.id}`
    const own = `/document/project/file/${image.id}`
    expect((await call(shared)).status).toBe(404)
    expect((await call(shared, { token: user.token })).status).toBe(404)
    expect((await call(own)).status).toBe(401)
    expect((await call(own, { token: other.token })).status).toBe(404)
    const mine = await call(own, { token: user.token })
    expect(mine.status).toBe(200)
    expect(mine.res.headers.get('Cache-Control')).toBe('private, no-store')
    // Sent for review, still pending: nobody else yet.
    await env.DB.prepare('UPDATE personal_projects SET draft = 0 WHERE id = ?').bind(id).run()
    expect((await call(shared)).status).toBe(404)
    await env.DB.prepare("UPDATE personal_projects SET state = 'approved' WHERE id = ?").bind(id).run()
    const approved = await call(shared)
    expect(approved.status).toBe(200)
    expect(approved.res.headers.get('Cache-Control')).toBe('public, max-age=86400')
    // Edited again, it waits for review again, and so does its image.
    await env.DB.prepare("UPDATE personal_projects SET state = 'pending' WHERE id = ?").bind(id).run()
    expect((await call(shared)).status).toBe(404)
  })

  it('replaces the previous image and deletes it', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const first = (await uploadImage(user, id, fileOf(PNG_BYTES, 'a.png'))).body.content
    await uploadImage(user, id, fileOf(JPEG_BYTES, 'b.jpg'))
    expect((await call(`/document/project/file/${first.id}`, { token: user.token })).status).toBe(404)
    expect(await env.UPLOADS.head(first.path)).toBeNull()
  })

  it('refuses a file whose bytes are not an image, whatever its name and type say', async () => {
    const user = await createUser()
    const id = await createProject(user)
    for (const file of [
      fileOf(new TextEncoder().encode('<script>alert(1)</script>'), 'x.png', 'image/png'),
      fileOf(PDF_BYTES, 'x.png', 'image/png'),
    ]) {
      const r = await uploadImage(user, id, file)
      expect(r.status).toBe(415)
      expect(r.body).toMatchObject({ result: { code: 'unsupported_file_type' }, errors: ['file'] })
    }
  })

  it('refuses images over 10 MB with file_too_large', async () => {
    const user = await createUser()
    const id = await createProject(user)
    expect((await uploadImage(user, id, fileOf(padBytes(PNG_BYTES, 10 * MB), 'max.png'))).body.result.code).toBe('ok')
    const r = await uploadImage(user, id, fileOf(padBytes(PNG_BYTES, 10 * MB + 1), 'big.png'))
    expect(r.status).toBe(413)
    expect(r.body.result.code).toBe('file_too_large')
    const huge = await uploadImage(user, id, fileOf(padBytes(PNG_BYTES, 12 * MB), 'huge.png'))
    expect(huge.status).toBe(413)
    expect(huge.body.result.code).toBe('file_too_large')
  })

  it('answers not_found for another user’s project and names a missing file', async () => {
    const owner = await createUser()
    const other = await createUser()
    const id = await createProject(owner)
    expect((await uploadImage(other, id, fileOf(PNG_BYTES, 'a.png'))).status).toBe(404)
    const r = await call('/document/project/upload', { token: owner.token, body: form({ project_id: String(id) }) })
    expect(r.body.errors).toEqual(['file'])
    expect((await call('/document/project/upload', { token: owner.token, body: form({}) })).body.errors).toEqual([
      'body',
    ])
  })

  it('needs a bearer token', async () => {
    expect((await call('/document/project/upload', { body: form({ project_id: '1' }) })).status).toBe(401)
  })
})

describe('POST /document/project/presentation', () => {
  it('stores presentations per language and serves them as attachments', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const r = await call('/document/project/presentation', {
      token: user.token,
      body: form({
        project_id: String(id),
        presentation_en: fileOf(PPTX_BYTES, 'deck.pptx'),
        presentation_ru: fileOf(PDF_BYTES, 'презентация.pdf'),
      }),
    })
    expect(r.body.content.en).toMatchObject({
      file_extension: 'pptx',
      content_type: expect.stringContaining('presentationml'),
      thumbnail_link: null,
    })
    expect(r.body.content.ru).toMatchObject({ file_extension: 'pdf', original_name: 'презентация.pdf' })
    const project = (await call(`/siw/personal/project/${id}`, { token: user.token })).body.content
    expect(project.presentation).toMatchObject({
      en: { id: r.body.content.en.id },
      ru: { id: r.body.content.ru.id },
      uz: null,
    })
    expect((await call(`/document/public/file/${r.body.content.ru.id}`)).status).toBe(404)
    const { res } = await call(`/document/project/file/${r.body.content.ru.id}`, { token: user.token })
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="___________.pdf"; filename*=UTF-8''${encodeURIComponent('презентация.pdf')}`,
    )
  })

  it('stores nothing when one of the files is refused', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const r = await call('/document/project/presentation', {
      token: user.token,
      body: form({
        project_id: String(id),
        presentation_en: fileOf(DOCX_BYTES, 'a.docx'),
        presentation_uz: fileOf(makeZip(['a.txt']), 'b.pptx'),
      }),
    })
    expect(r.status).toBe(415)
    expect(r.body.errors).toEqual(['presentation_uz'])
    expect((await call(`/siw/personal/project/${id}`, { token: user.token })).body.content.presentation).toEqual({
      en: null,
      ru: null,
      uz: null,
    })
  })

  it('refuses presentations over 25 MB', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const r = await call('/document/project/presentation', {
      token: user.token,
      body: form({ project_id: String(id), presentation_en: fileOf(padBytes(PDF_BYTES, 25 * MB + 1), 'a.pdf') }),
    })
    expect(r.status).toBe(413)
    expect(r.body).toMatchObject({ result: { code: 'file_too_large' }, errors: ['presentation_en'] })
  })

  it('names the presentation fields when none is sent', async () => {
    const user = await createUser()
    const id = await createProject(user)
    const r = await call('/document/project/presentation', {
      token: user.token,
      body: form({ project_id: String(id) }),
    })
    expect(r.body.errors).toEqual(['presentation_uz', 'presentation_ru', 'presentation_en'])
  })
})

describe('POST /document/public/event-application', () => {
  const send = (application: Application, passport: File, image: File) =>
    call('/document/public/event-application', {
      body: form({ application_id: String(application.id), upload_token: application.upload_token, passport, image }),
    })

  it('stores the passport and photo privately, once per application', async () => {
    const application = await createApplication()
    const id = application.id
    const r = await send(application, fileOf(PDF_BYTES, 'passport.pdf'), fileOf(JPEG_BYTES, 'me.jpg'))
    expect(r.body.content).toEqual({ id })
    const docs = await env.DB.prepare(
      'SELECT f.is_public, f.id FROM event_application_documents d JOIN files f ON f.id IN (d.passport_file_id, d.image_file_id) WHERE d.application_id = ?',
    )
      .bind(id)
      .all<{ is_public: number; id: string }>()
    expect(docs.results.map((d) => d.is_public)).toEqual([0, 0])
    expect((await call(`/document/public/file/${docs.results[0]!.id}`)).status).toBe(404)
    const again = await send(application, fileOf(PDF_BYTES, 'passport.pdf'), fileOf(JPEG_BYTES, 'me.jpg'))
    expect(again.status).toBe(409)
    expect(again.body.result.code).toBe('invalid_state')
  })

  it('refuses a stale or unknown application', async () => {
    const application = await createApplication()
    await env.DB.prepare('UPDATE event_applications SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 3600_001).toISOString(), application.id)
      .run()
    expect((await send(application, fileOf(PDF_BYTES, 'p.pdf'), fileOf(PNG_BYTES, 'i.png'))).status).toBe(404)
    expect(
      (await send({ ...application, id: 999999 }, fileOf(PDF_BYTES, 'p.pdf'), fileOf(PNG_BYTES, 'i.png'))).status,
    ).toBe(404)
  })

  it('hands out a 128-bit upload capability and keeps only its hash', async () => {
    const application = await createApplication()
    expect(application.upload_token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const stored = await env.DB.prepare('SELECT upload_token_hash FROM event_applications WHERE id = ?')
      .bind(application.id)
      .first<string>('upload_token_hash')
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    expect(stored).not.toContain(application.upload_token)
  })

  it('answers 404 to an upload without the capability, or with another application’s, and stores nothing', async () => {
    const application = await createApplication()
    const other = await createApplication()
    const files = () => ({ passport: fileOf(PDF_BYTES, 'p.pdf'), image: fileOf(JPEG_BYTES, 'i.jpg') })
    const attempts = [
      form({ application_id: String(application.id), ...files() }),
      form({ application_id: String(application.id), upload_token: '', ...files() }),
      form({ application_id: String(application.id), upload_token: other.upload_token, ...files() }),
      form({
        application_id: String(application.id),
        upload_token: application.upload_token.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')),
        ...files(),
      }),
    ]
    for (const body of attempts) {
      const r = await call('/document/public/event-application', { body })
      expect(r.status).toBe(404)
      expect(r.body.result.code).toBe('not_found')
    }
    const docs = await env.DB.prepare('SELECT count(*) AS n FROM event_application_documents WHERE application_id = ?')
      .bind(application.id)
      .first<number>('n')
    expect(docs).toBe(0)
    expect((await send(application, fileOf(PDF_BYTES, 'p.pdf'), fileOf(JPEG_BYTES, 'i.jpg'))).body.result.code).toBe(
      'ok',
    )
  })

  it('checks types and sizes of both files', async () => {
    const application = await createApplication()
    const wrong = await send(application, fileOf(PPTX_BYTES, 'p.pdf'), fileOf(PNG_BYTES, 'i.png'))
    expect(wrong).toMatchObject({ status: 415, body: { errors: ['passport'] } })
    const photo = await send(application, fileOf(PDF_BYTES, 'p.pdf'), fileOf(PDF_BYTES, 'i.png'))
    expect(photo).toMatchObject({ status: 415, body: { errors: ['image'] } })
    const big = await send(application, fileOf(PDF_BYTES, 'p.pdf'), fileOf(padBytes(JPEG_BYTES, 10 * MB + 1), 'i.jpg'))
    expect(big).toMatchObject({ status: 413, body: { result: { code: 'file_too_large' }, errors: ['image'] } })
    expect((await send(application, fileOf(PDF_BYTES, 'p.pdf'), fileOf(JPEG_BYTES, 'i.jpg'))).body.result.code).toBe(
      'ok',
    )
  })
})

describe('GET /document/public/file/{id}', () => {
  it('answers not_found for unknown ids', async () => {
    expect((await call('/document/public/file/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
  })
})
