/**
 * Publishing from the operator console (docs/gateway-contract.md#operator-content): editors and admins write content
 * in three languages, publish it (confirming missing translations), schedule it for the cron trigger, unpublish it;
 * readers, search and site-map data see published items only; uploads are checked; preview tokens are signed and
 * expire; the content version moves with everything readers see.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { signPreview } from '../src/areas/publishing/preview'
import { seedAll } from '../src/dev/seed/index'
import worker from '../src/index'
import { accessEnv, signInOperators } from './access-helpers'
import { call, createUser, fileOf, PDF_BYTES, PNG_BYTES, padBytes } from './helpers'

const EDITOR = 'content-editor@agency.example'
const ADMIN = 'content-admin@agency.example'
const MODERATOR = 'content-moderator@agency.example'
const tokens: Record<string, string> = {}

beforeAll(async () => {
  await seedAll(env)
  Object.assign(
    tokens,
    await signInOperators(env.DB, [
      [EDITOR, 'editor'],
      [ADMIN, 'admin'],
      [MODERATOR, 'moderator'],
    ]),
  )
})

const op = (path: string, options: { method?: string; body?: unknown; as?: string } = {}) =>
  call(`/core/operator/content${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    body: options.body,
    headers: { 'Cf-Access-Jwt-Assertion': tokens[options.as ?? EDITOR]! },
    env: accessEnv(),
  })

const version = async () => (await call('/core/content/version')).body.content.version as number

/** A unique word, so search and lists find this test's item only. */
const word = () =>
  `zarvaq${crypto
    .randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`

function newsValues(w: string, langs: readonly ('uz' | 'ru' | 'en')[] = ['uz', 'ru', 'en']) {
  const values: Record<string, unknown> = { category: 'news', publish_date: '2026-11-20' }
  for (const l of langs) {
    values[`title_${l}`] = `${w} title ${l}`
    values[`content_${l}`] = `<p>${w} body ${l}</p><script>alert(1)</script>`
  }
  return values
}

async function createNews(w: string, langs?: readonly ('uz' | 'ru' | 'en')[]) {
  const { status, body } = await op('/post', { body: { values: newsValues(w, langs) } })
  expect(status).toBe(201)
  return body.content.id as number
}

const publicIds = async (lang = 'en') =>
  ((await call('/siw/public/post?category=news&size=100', { lang })).body.content as { id: number }[]).map((p) => p.id)
const searchIds = async (w: string, lang = 'en') =>
  ((await call(`/siw/public/search?keyword=${w}`, { lang })).body.content.posts as { id: number }[]).map((h) => h.id)
const auditRows = (id: number, action: string) =>
  env.DB.prepare(
    `SELECT a.operator_id, o.email, a.after FROM audit_log a JOIN operators o ON o.id = a.operator_id
     WHERE a.target_kind = 'post' AND a.target_id = ? AND a.action = ? ORDER BY a.id`,
  )
    .bind(id, action)
    .all<{ operator_id: number; email: string; after: string }>()

describe('who may publish', () => {
  it('refuses a moderator (403) and lets an editor and an admin in', async () => {
    expect((await op('/kinds', { as: MODERATOR })).status).toBe(403)
    expect((await op('/post', { as: MODERATOR, body: { values: newsValues(word()) } })).status).toBe(403)
    expect((await op('/kinds')).status).toBe(200)
    expect((await op('/post', { as: ADMIN })).status).toBe(200)
  })

  it('describes every kind with its fields, references with their choices', async () => {
    const { body } = await op('/kinds')
    const kinds = body.content.kinds as any[]
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['post', 'event', 'page', 'service', 'sector']))
    const post = kinds.find((k) => k.kind === 'post')
    expect(post).toMatchObject({ publishable: true, children: ['post_file'], title_field: 'title' })
    expect(post.fields.find((f: any) => f.name === 'title')).toMatchObject({ localized: true, required: true })
    const project = kinds.find((k) => k.kind === 'project')
    expect(project.fields.find((f: any) => f.name === 'region_id').ref.choices.length).toBeGreaterThan(5)
  })
})

describe('drafts, publishing and readers', () => {
  it('keeps a new item a draft, out of the public list and its page', async () => {
    const id = await createNews(word())
    const { body } = await op(`/post/${id}`)
    expect(body.content).toMatchObject({ id, kind: 'post', publication: 'draft', missing: [] })
    expect(body.content.values.content_en).not.toContain('<script')
    expect(await publicIds()).not.toContain(id)
    expect((await call(`/siw/public/post/${id}`)).status).toBe(404)
    const drafts = await op('/post?publication=draft&category=news&q=zarvaq')
    expect((drafts.body.content.items as { id: number }[]).map((i) => i.id)).toContain(id)
    const blog = await op('/post?publication=draft&category=blog')
    expect((blog.body.content.items as { id: number }[]).map((i) => i.id)).not.toContain(id)
    expect((await op('/post?category=gossip')).status).toBe(422)
  })

  it('refuses to publish with a missing translation (409) until confirmed, then shows it everywhere', async () => {
    const w = word()
    const id = await createNews(w, ['uz', 'ru'])
    const refused = await op(`/post/${id}/publish`, { body: {} })
    expect(refused.status).toBe(409)
    expect(refused.body.result.code).toBe('translations_missing')
    expect(refused.body.content.missing).toEqual(['en'])
    expect(await publicIds()).not.toContain(id)

    const before = await version()
    const published = await op(`/post/${id}/publish`, { body: { confirm_incomplete: true } })
    expect(published.status).toBe(200)
    expect(published.body.content.publication).toBe('published')
    expect(await version()).toBeGreaterThan(before)
    expect(await publicIds('ru')).toContain(id)
    expect(await searchIds(w, 'ru')).toContain(id)
    expect((await call(`/siw/public/post/${id}`, { lang: 'uz' })).body.content.title).toBe(`${w} title uz`)
    expect((await auditRows(id, 'content.publish')).results[0]?.email).toBe(EDITOR)
  })

  it('takes an unpublished item out of the list, its page and search, and moves the version on', async () => {
    const w = word()
    const id = await createNews(w)
    await op(`/post/${id}/publish`, { body: {} })
    expect(await searchIds(w)).toContain(id)
    const before = await version()
    expect((await op(`/post/${id}/unpublish`, { body: {} })).status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
    expect(await publicIds()).not.toContain(id)
    expect(await searchIds(w)).not.toContain(id)
    expect((await call(`/siw/public/post/${id}`)).status).toBe(404)
  })

  it('shows an edit of a published item at once: new title, new search text, new version', async () => {
    const w = word()
    const id = await createNews(w)
    await op(`/post/${id}/publish`, { body: {} })
    const renamed = word()
    const before = await version()
    const saved = await op(`/post/${id}`, { method: 'PUT', body: { values: { title_en: `${renamed} edited` } } })
    expect(saved.status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
    expect((await call(`/siw/public/post/${id}`)).body.content.title).toBe(`${renamed} edited`)
    expect(await searchIds(renamed)).toContain(id)
    expect(await searchIds(w)).toContain(id)
    const audit = await auditRows(id, 'content.update')
    expect(JSON.parse(audit.results[0]!.after)).toEqual({ title_en: `${renamed} edited` })
  })

  it('leaves the version alone while a draft is edited', async () => {
    const id = await createNews(word())
    const before = await version()
    await op(`/post/${id}`, { method: 'PUT', body: { values: { title_en: 'Still a draft' } } })
    expect(await version()).toBe(before)
  })

  it('answers a published page in the site-map data and not once it is unpublished', async () => {
    const slug = `press-${word()}`
    const created = await op('/page', {
      body: { values: { slug, title_uz: 'Matbuot', title_ru: 'Пресса', title_en: 'Press', content_en: '<p>Hi</p>' } },
    })
    const id = created.body.content.id as number
    const slugs = async () =>
      ((await call('/siw/public/page?size=100')).body.content as { slug: string }[]).map((p) => p.slug)
    expect(await slugs()).not.toContain(slug)
    await op(`/page/${id}/publish`, { body: { confirm_incomplete: true } })
    expect(await slugs()).toContain(slug)
    await op(`/page/${id}/unpublish`, { body: {} })
    expect(await slugs()).not.toContain(slug)
  })
})

describe('a service not published yet', () => {
  it('keeps its steps and document templates from readers who count ids, and shows them to its preview token', async () => {
    const s = await op('/service', {
      body: {
        values: { title_en: 'Scheduled licence', description_en: 'How', category_id: 1 },
        children: {
          service_process: [
            { values: { title_en: 'Apply' }, children: { service_step: [{ values: { title_en: 'Form' } }] } },
          ],
        },
      },
    })
    expect(s.status).toBe(201)
    const id = s.body.content.id as number
    const step = (await op(`/service/${id}`)).body.content.children.service_process[0].children.service_step[0]
      .id as number
    // Its documents, as the seed gives a service's steps: a group with one template and an accordion with another.
    const [group, accordion] = await env.DB.batch<{ id: number }>([
      env.DB.prepare("INSERT INTO step_groups (step_id, title_en) VALUES (?, 'Forms') RETURNING id").bind(step),
      env.DB.prepare("INSERT INTO step_accordions (step_id, title_en) VALUES (?, 'More') RETURNING id").bind(step),
    ])
    const [inGroup, inAccordion] = await env.DB.batch<{ id: number }>([
      env.DB.prepare("INSERT INTO documents (group_id, type, title_en) VALUES (?, 'pdf', 'Form') RETURNING id").bind(
        group!.results[0]!.id,
      ),
      env.DB.prepare(
        "INSERT INTO documents (accordion_id, type, title_en) VALUES (?, 'docx', 'Annex') RETURNING id",
      ).bind(accordion!.results[0]!.id),
    ])
    const templates = [inGroup!.results[0]!.id, inAccordion!.results[0]!.id]
    const readStep = (headers: Record<string, string> = {}) => call(`/siw/public/service/step/${step}`, { headers })
    const readTemplate = (doc: number) => call(`/document/public/template/${doc}?lang=en`)

    expect((await readStep()).status).toBe(404)
    for (const doc of templates) expect((await readTemplate(doc)).status).toBe(404)
    const { body } = await op(`/service/${id}/preview`, { body: {} })
    const token = new URL(body.content.links.en).searchParams.get('preview')!
    const previewed = await readStep({ 'X-Preview-Token': token })
    expect(previewed.status).toBe(200)
    expect(previewed.body.content.groups[0].documents.map((d: { id: number }) => d.id)).toEqual([templates[0]])

    expect((await op(`/service/${id}/publish`, { body: { confirm_incomplete: true } })).status).toBe(200)
    expect((await readStep()).status).toBe(200)
    for (const doc of templates) expect((await readTemplate(doc)).status).toBe(200)
  })
})

describe('bad input', () => {
  it('answers 422 with a code per column, and 404 for an unknown kind or item', async () => {
    const bad = await op('/post', {
      body: { values: { category: 'gossip', publish_date: '2026-02-30', title_en: 'x'.repeat(501) } },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.content.errors).toMatchObject({
      category: 'unknown_choice',
      publish_date: 'invalid',
      title_en: 'too_long',
      content_uz: 'required',
    })
    expect((await op('/widget')).status).toBe(404)
    expect((await op('/post/999999999')).status).toBe(404)
    expect((await op('/post/999999999/publish', { body: {} })).status).toBe(404)
  })

  it('refuses a taken slug and a reference to nothing', async () => {
    const page = await op('/page', { body: { values: { slug: 'about', title_en: 'About', content_en: '<p>x</p>' } } })
    expect(page.status).toBe(422)
    expect(page.body.content.errors).toEqual({ slug: 'taken' })
    const service = await op('/service', {
      body: { values: { title_en: 'S', description_en: 'D', category_id: 999999 } },
    })
    expect(service.body.content.errors).toEqual({ category_id: 'unknown' })
  })
})

describe('children are saved through their parent', () => {
  it('writes a gallery’s images in order and replaces them on the next save', async () => {
    const g = await op('/gallery', {
      body: {
        values: { publish_date: '2026-11-01', title_en: 'Expo' },
        children: { gallery_image: [{ values: { name: 'expo-a', caption_en: 'A' } }, { values: { name: 'expo-b' } }] },
      },
    })
    const id = g.body.content.id as number
    const read = async () => (await op(`/gallery/${id}`)).body.content.children.gallery_image as any[]
    expect((await read()).map((i) => i.values.name)).toEqual(['expo-a', 'expo-b'])
    await op(`/gallery/${id}`, {
      method: 'PUT',
      body: { values: {}, children: { gallery_image: [{ values: { name: 'expo-c' } }] } },
    })
    expect((await read()).map((i) => i.values.name)).toEqual(['expo-c'])
  })

  it('keeps a service’s processes and steps by id, adding and removing the rest', async () => {
    const s = await op('/service', {
      body: {
        values: { title_en: 'Licence', description_en: 'How', category_id: 1 },
        children: {
          service_process: [
            { values: { title_en: 'Apply' }, children: { service_step: [{ values: { title_en: 'Form' } }] } },
          ],
        },
      },
    })
    expect(s.status).toBe(201)
    const id = s.body.content.id as number
    const first = (await op(`/service/${id}`)).body.content.children.service_process as any[]
    expect(first[0].children.service_step[0].values.title_en).toBe('Form')
    await op(`/service/${id}`, {
      method: 'PUT',
      body: {
        values: {},
        children: {
          service_process: [
            { id: first[0].id, values: { title_en: 'Apply online' }, children: { service_step: [] } },
            { values: { title_en: 'Pay' } },
          ],
        },
      },
    })
    const next = (await op(`/service/${id}`)).body.content.children.service_process as any[]
    expect(next.map((p) => [p.id === first[0].id, p.values.title_en, p.children.service_step.length])).toEqual([
      [true, 'Apply online', 0],
      [false, 'Pay', 0],
    ])
  })
})

describe('scheduled publication', () => {
  it('publishes what is due when the cron trigger runs, audited as the scheduler', async () => {
    const w = word()
    const id = await createNews(w)
    const at = new Date(Date.now() + 3600_000)
    const scheduled = await op(`/post/${id}/publish`, { body: { publish_at: at.toISOString() } })
    expect(scheduled.body.content.publication).toBe('scheduled')
    expect(await publicIds()).not.toContain(id)

    const before = await version()
    const ctx = createExecutionContext()
    const controller = createScheduledController({ scheduledTime: at.getTime() + 1000, cron: '*/5 * * * *' })
    await worker.scheduled(controller, env, ctx)
    await waitOnExecutionContext(ctx)
    expect(await publicIds()).toContain(id)
    expect(await searchIds(w)).toContain(id)
    expect(await version()).toBeGreaterThan(before)
    const audit = await auditRows(id, 'content.publish')
    expect(audit.results.map((r) => r.email)).toEqual(['scheduler@system.invalid'])
  })
})

describe('uploads', () => {
  const upload = (file: File, type?: string) => {
    const form = new FormData()
    form.set('file', file)
    if (type) form.set('type', type)
    return call('/core/operator/content/files', {
      body: form,
      headers: { 'Cf-Access-Jwt-Assertion': tokens[EDITOR]! },
      env: accessEnv(),
    })
  }

  it('stores an image and answers the reference a field holds', async () => {
    const { status, body } = await upload(fileOf(PNG_BYTES, 'photo.png', 'image/png'), 'image')
    expect(status).toBe(201)
    expect(body.content).toMatchObject({ content_type: 'image/png', original_name: 'photo.png' })
    expect(body.content.ref).toMatch(/^file:[\w-]+:\d+:png$/)
    const id = await createNews(word())
    const saved = await op(`/post/${id}`, { method: 'PUT', body: { values: { photo: body.content.ref } } })
    expect(saved.status).toBe(200)
  })

  it('keeps an upload from readers until a save names it, in its field or in rich text, and the editor sees it meanwhile', async () => {
    const ref = (await upload(fileOf(PNG_BYTES, 'field.png', 'image/png'), 'image')).body.content.ref as string
    const inField = ref.split(':')[1]!
    const inText = (await upload(fileOf(PNG_BYTES, 'text.png', 'image/png'), 'image')).body.content.ref.split(':')[1]
    const never = (await upload(fileOf(PNG_BYTES, 'never.png', 'image/png'), 'image')).body.content.ref.split(':')[1]
    const uploads = [inField, inText, never]
    for (const id of uploads) {
      expect((await call(`/document/public/file/${id}`)).status, id).toBe(404)
      const shown = await op(`/files/${id}`)
      expect(shown.status).toBe(200)
      expect(shown.res.headers.get('Cache-Control')).toBe('private, no-store')
    }
    expect((await op(`/files/${inField}`, { as: MODERATOR })).status).toBe(403)
    // A user's project image, not approved: naming it in an editor's text does not make it public.
    const user = await createUser()
    const project = await call('/siw/personal/project', {
      token: user.token,
      body: { title: { en: 'Orchard' }, category_id: 1, sector_id: 6, region_id: 1730, budget: 1000 },
    })
    const form = new FormData()
    form.set('project_id', String(project.body.content.id))
    form.set('file', fileOf(PNG_BYTES, 'orchard.png'))
    const users = (await call('/document/project/upload', { token: user.token, body: form })).body.content.id as string

    const id = await createNews(word())
    const img = (file: string) => `<figure><img src="/gateway/document/public/file/${file}" alt="A plant"></figure>`
    const values = { photo: ref, content_en: `<p>Text</p>${img(inText)}${img(users)}` }
    expect((await op(`/post/${id}`, { method: 'PUT', body: { values } })).status).toBe(200)
    expect((await call(`/document/public/file/${inField}`)).status).toBe(200)
    expect((await call(`/document/public/file/${inText}`)).status).toBe(200)
    expect((await call(`/document/public/file/${never}`)).status).toBe(404)
    expect((await call(`/document/public/file/${users}`)).status).toBe(404)
    // The editor's route shows editors' uploads only.
    expect((await op(`/files/${users}`)).status).toBe(404)
  })

  it('audits each upload with the file it stored, and each preview link with its expiry', async () => {
    const stored = (await upload(fileOf(PNG_BYTES, 'audited.png', 'image/png'), 'image')).body.content.ref as string
    const file = stored.split(':')[1]
    const row = await env.DB.prepare(
      `SELECT o.email, a.target_kind, a.target_id, a.after FROM audit_log a JOIN operators o ON o.id = a.operator_id
       WHERE a.action = 'file.upload' ORDER BY a.id DESC LIMIT 1`,
    ).first<{ email: string; target_kind: string; target_id: number; after: string }>()
    expect(row).toMatchObject({ email: EDITOR, target_kind: 'file', target_id: 0 })
    expect(JSON.parse(row!.after)).toMatchObject({ file: file, name: 'audited.png', type: 'image/png' })

    const id = await createNews(word())
    const preview = await op(`/post/${id}/preview`, { method: 'POST', body: {} })
    expect(preview.status).toBe(200)
    const issued = await auditRows(id, 'content.preview')
    expect(issued.results.map((r) => [r.email, JSON.parse(r.after).expires_at])).toEqual([
      [EDITOR, preview.body.content.expires_at],
    ])
  })

  it('audits an operator’s download of a file that is not public, and not of a public one', async () => {
    const downloads = () =>
      env.DB.prepare("SELECT after FROM audit_log WHERE action = 'file.download' ORDER BY id")
        .all<{ after: string }>()
        .then((r) => r.results.map((row) => JSON.parse(row.after).file as string))
    const user = await createUser()
    const project = await call('/siw/personal/project', {
      token: user.token,
      body: { title: { en: 'Greenhouse' }, category_id: 1, sector_id: 6, region_id: 1730, budget: 1000 },
    })
    const form = new FormData()
    form.set('project_id', String(project.body.content.id))
    form.set('file', fileOf(PNG_BYTES, 'greenhouse.png'))
    const personal = (await call('/document/project/upload', { token: user.token, body: form })).body.content.id
    const before = await downloads()
    const fetched = await call(`/core/operator/files/${personal}`, {
      method: 'GET',
      headers: { 'Cf-Access-Jwt-Assertion': tokens[MODERATOR]! },
      env: accessEnv(),
    })
    expect(fetched.status).toBe(200)
    expect(await downloads()).toEqual([...before, personal])

    const publicFile = await env.DB.prepare('SELECT id FROM files WHERE is_public = 1 LIMIT 1').first<string>('id')
    const open = await call(`/core/operator/files/${publicFile}`, {
      method: 'GET',
      headers: { 'Cf-Access-Jwt-Assertion': tokens[MODERATOR]! },
      env: accessEnv(),
    })
    expect(open.status).toBe(200)
    expect(await downloads()).toEqual([...before, personal])
  })

  it('refuses a PDF as an image (415) and an image over 10 MB (413)', async () => {
    const pdf = await upload(fileOf(PDF_BYTES, 'x.png', 'image/png'), 'image')
    expect(pdf.status).toBe(415)
    expect(pdf.body.result.code).toBe('unsupported_file_type')
    const big = await upload(fileOf(padBytes(PNG_BYTES, 10 * 1024 * 1024 + 1), 'big.png', 'image/png'), 'image')
    expect(big.status).toBe(413)
    expect(big.body.result.code).toBe('file_too_large')
  })
})

describe('preview links', () => {
  it('answers a draft to a valid token only: not to a tampered, expired or other item’s token', async () => {
    const id = await createNews(word())
    const { body } = await op(`/post/${id}/preview`, { body: {} })
    const link = new URL(body.content.links.ru)
    expect(link.pathname).toBe(`/ru/post/${id}`)
    const token = link.searchParams.get('preview')!
    const asPreview = (t: string) => call(`/siw/public/post/${id}`, { headers: { 'X-Preview-Token': t } })
    expect((await asPreview(token)).status).toBe(200)
    expect((await asPreview(`${token.slice(0, -2)}AA`)).status).toBe(404)
    const secret = 'local-preview-secret-for-development-only'
    const expired = await signPreview(secret, 'post', id, new Date(Date.now() - 31 * 60_000))
    expect((await asPreview(expired)).status).toBe(404)
    const other = await signPreview(secret, 'post', id + 100_000, new Date())
    expect((await asPreview(other)).status).toBe(404)
    // A preview shows the item wherever readers will see it once published, lists included.
    const list = await call('/siw/public/post?category=news&size=100', { headers: { 'X-Preview-Token': token } })
    expect((list.body.content as { id: number }[]).map((p) => p.id)).toContain(id)
  })
})
