/**
 * The editors' screens (docs/decisions/0030-operator-console.md#content-screens) against the gateway's content API: who sees them, the
 * form drawn from a kind's description with uz, ru and en side by side, the confirmation a publish with missing
 * translations asks for, scheduling, uploads, errors shown beside their fields with everything typed kept, preview
 * links, the children saved with their parent, and the agency's contacts.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { auditOf, ensureOperators, locationOf, OPERATORS, openAs } from './helpers'

beforeAll(ensureOperators)

const tag = () => crypto.randomUUID().slice(0, 8)

/** A 1×1 PNG, as an editor's image upload. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
)

/** A news item's form: `fields` over an item with all three languages. */
function newsForm(title: string, fields: Record<string, string> = {}): Record<string, string> {
  return {
    category: 'news',
    publish_date: '2026-11-20',
    title_uz: `${title} (uz)`,
    title_ru: `${title} (ru)`,
    title_en: `${title} (en)`,
    content_uz: '<p>Yangi zavod ochildi.</p>',
    content_ru: '<p>Открылся новый завод.</p>',
    content_en: '<p>A new plant has opened.</p>',
    author_first_name: '',
    author_last_name: '',
    photo: '',
    ...fields,
  }
}

const multipart = (fields: Record<string, string>, files: Record<string, File> = {}) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  for (const [k, f] of Object.entries(files)) form.set(k, f)
  return form
}

/** Creates a news draft through the console; its id. */
async function createNews(fields: Record<string, string>): Promise<number> {
  const page = await openAs('editor', '/en/content/post/new', multipart(fields))
  expect(page.status, page.html.slice(0, 2000)).toBe(303)
  const m = /^\/en\/content\/post\/(\d+)\?done=created$/.exec(locationOf(page) ?? '')
  expect(m, locationOf(page) ?? '').not.toBeNull()
  return Number(m![1])
}

const postRow = (id: number) =>
  env.GATEWAY_DB.prepare('SELECT publication, publish_at, title_en, photo FROM posts WHERE id = ?')
    .bind(id)
    .first<{ publication: string; publish_at: string | null; title_en: string; photo: string | null }>()

describe('who publishes', () => {
  it('shows editors and admins the Content section and its kinds; a moderator gets the role refusal', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const home = await openAs(role, '/en')
      expect(home.html).toContain('href="/en/content"')
      const content = await openAs(role, '/en/content')
      expect(content.status).toBe(200)
      expect(content.html).toContain('href="/en/content/post">')
      expect(content.html).toContain('News and publications')
      expect(content.html).toContain('href="/en/content/site-settings"')
    }
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const home = await openAs('moderator', '/en')
    expect(home.html).not.toContain('href="/en/content"')
    for (const path of ['/en/content', '/en/content/post', '/en/content/post/new', '/en/content/site-settings']) {
      const page = await openAs('moderator', path)
      expect(page.status, path).toBe(403)
      expect(page.html).toContain('<h1>Not for your role</h1>')
    }
    const posted = await openAs('moderator', '/en/content/post/new', multipart(newsForm(`Moderator ${tag()}`)))
    expect(posted.status).toBe(403)
    vi.restoreAllMocks()
  })
})

describe('the item form', () => {
  it('draws a news item in uz, ru and en, each language’s control marked with its language', async () => {
    const page = await openAs('editor', '/ru/content/post/new')
    expect(page.status).toBe(200)
    for (const l of ['uz', 'ru', 'en']) {
      expect(page.html).toMatch(new RegExp(`<input[^>]*id="f-title_${l}"[^>]*lang="${l}"`))
      expect(page.html).toMatch(new RegExp(`<textarea[^>]*id="f-content_${l}"[^>]*lang="${l}"`))
    }
    // Rich text says what happens to it, in the page's language.
    expect(page.html).toContain('Портал оставляет только разрешённые теги')
    expect(page.html).toMatch(/enctype="multipart\/form-data"/i)
    // The upload progress script is this screen's only inline one, pinned by its hash, beside the console's own script
    // files under the page's nonce (console/test/editor.test.ts); other screens allow none.
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*' 'nonce-[A-Za-z0-9+/]+=*'; connect-src 'self'/)
    const list = await openAs('editor', '/ru/content/post')
    expect(list.headers.get('content-security-policy')).not.toContain('script-src')
    expect(list.html).not.toContain('<script')
    expect(page.html).toMatch(/<input[^>]*id="f-photo"[^>]*type="file"|<input[^>]*type="file"[^>]*id="f-photo"/)
  })

  it('keeps everything typed when the gateway refuses a save, with each error beside its field', async () => {
    const title = `Refused ${tag()}`
    const page = await openAs(
      'editor',
      '/en/content/post/new',
      multipart(newsForm(title, { publish_date: '2026-02-30', category: 'gossip', author_first_name: 'Dilnoza' })),
    )
    expect(page.status).toBe(422)
    expect(page.html).toContain('<a href="#f-publish_date">Date of publication: Check this value.</a>')
    expect(page.html).toContain('<a href="#f-category">Category: Choose one of the options.</a>')
    expect(page.html).toMatch(/<p class="field__error" id="f-publish_date-error">Check this value.<\/p>/)
    expect(page.html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="f-publish_date-error"/)
    // What the editor typed is all still there.
    expect(page.html).toContain(`value="${title} (uz)"`)
    expect(page.html).toContain(`value="${title} (ru)"`)
    expect(page.html).toContain(`value="${title} (en)"`)
    expect(page.html).toContain('&lt;p&gt;Открылся новый завод.&lt;/p&gt;</textarea>')
    expect(page.html).toContain('value="2026-02-30"')
    expect(page.html).toContain('value="Dilnoza"')
    const stored = await env.GATEWAY_DB.prepare('SELECT count(*) AS n FROM posts WHERE title_en = ?')
      .bind(`${title} (en)`)
      .first('n')
    expect(stored).toBe(0)
  })

  it('uploads an image with the form, and refuses a file that is no image beside its field, keeping the text', async () => {
    const title = `With photo ${tag()}`
    const refused = await openAs(
      'editor',
      '/en/content/post/new',
      multipart(newsForm(title), { 'file.photo': new File(['not an image'], 'photo.png', { type: 'image/png' }) }),
    )
    expect(refused.status).toBe(422)
    expect(refused.html).toContain('<a href="#f-photo">Photo: This type of file is not accepted.</a>')
    expect(refused.html).toContain(`value="${title} (ru)"`)

    const id = await createNews(newsForm(title))
    const form = multipart(newsForm(title), { 'file.photo': new File([PNG], 'plant.png', { type: 'image/png' }) })
    const saved = await openAs('editor', `/en/content/post/${id}`, form)
    expect(saved.status).toBe(303)
    expect(locationOf(saved)).toBe(`/en/content/post/${id}?done=saved`)
    const row = await postRow(id)
    expect(row!.photo).toMatch(/^file:[A-Za-z0-9_-]{8,64}:\d+:png$/)
    // The stored image stays with the next save unless it is replaced or removed.
    const again = await openAs('editor', `/en/content/post/${id}`)
    expect(again.html).toContain(`<input type="hidden" name="photo" value="${row!.photo}"/>`)
    await openAs(
      'editor',
      `/en/content/post/${id}`,
      multipart({ ...newsForm(title), photo: row!.photo!, 'remove.photo': 'true' }),
    )
    expect((await postRow(id))!.photo ?? '').toBe('')
  })
})

describe('publishing', () => {
  it('asks for explicit confirmation before publishing an item with translations missing', async () => {
    const title = `Only English ${tag()}`
    const id = await createNews(newsForm(title, { title_uz: '', title_ru: '', content_uz: '', content_ru: '' }))
    const page = await openAs('editor', `/en/content/post/${id}?done=created`)
    expect(page.html).toContain('The draft is saved.')
    expect(page.html).toContain('id="f-title_uz-missing"')
    expect(page.html).toContain('id="f-title_ru-missing"')
    expect(page.html).not.toContain('id="f-title_en-missing"')
    const list = await openAs('editor', `/en/content/post?publication=draft&q=${encodeURIComponent(title)}`)
    expect(list.html).toContain(title)
    // Posts are listed by category too.
    const blogs = await openAs('editor', `/en/content/post?category=blog&q=${encodeURIComponent(title)}`)
    expect(blogs.html).toContain('<option value="blog" selected="">Blog</option>')
    expect(blogs.html).not.toContain(`<tr data-id="${id}">`)
    expect((await openAs('editor', `/en/content/post?category=news&q=${encodeURIComponent(title)}`)).html).toContain(
      `<tr data-id="${id}">`,
    )
    expect(list.html).toMatch(/<span class="badge badge--waiting" lang="uz">Oʻzbekcha<\/span>/)
    expect(list.html).toMatch(/<span class="badge badge--waiting" lang="ru">Русский<\/span>/)

    const asked = await openAs('editor', `/en/content/post/${id}/publish`, {})
    expect(asked.status).toBe(409)
    expect(asked.html).toContain('This item has no text in: Oʻzbekcha, Русский.')
    expect(asked.html).toContain('name="confirm_incomplete"')
    expect((await postRow(id))!.publication).toBe('draft')

    const confirmed = await openAs('editor', `/en/content/post/${id}/publish`, {
      publish_at: '',
      confirm_incomplete: 'true',
    })
    expect(confirmed.status).toBe(303)
    expect(locationOf(confirmed)).toBe(`/en/content/post/${id}?done=published`)
    expect((await postRow(id))!.publication).toBe('published')
    expect((await auditOf('post', id)).map((a) => [a.action, a.email])).toEqual([
      ['content.create', OPERATORS.editor],
      ['content.publish', OPERATORS.editor],
    ])

    const unpublished = await openAs('editor', `/en/content/post/${id}/unpublish`, {})
    expect(locationOf(unpublished)).toBe(`/en/content/post/${id}?done=unpublished`)
    expect((await postRow(id))!.publication).toBe('draft')
  })

  it('schedules a complete item for a time in Tashkent, and refuses a time that is none beside its field', async () => {
    const id = await createNews(newsForm(`Scheduled ${tag()}`))
    const bad = await openAs('editor', `/en/content/post/${id}/publish`, { publish_at: 'next Tuesday' })
    expect(bad.status).toBe(422)
    expect(bad.html).toContain('<a href="#publish-at">Enter the date and time of publication.</a>')
    const year = new Date().getUTCFullYear() + 1
    const posted = await openAs('editor', `/en/content/post/${id}/publish`, { publish_at: `${year}-03-21T09:30` })
    expect(posted.status).toBe(303)
    expect(locationOf(posted)).toBe(`/en/content/post/${id}?done=scheduled`)
    const row = await postRow(id)
    expect(row!.publication).toBe('scheduled')
    // 09:30 in Tashkent (UTC+5) is 04:30 UTC.
    expect(row!.publish_at).toBe(`${year}-03-21T04:30:00.000Z`)
    const page = await openAs('editor', `/en/content/post/${id}?done=scheduled`)
    expect(page.html).toContain('it will be published at the time given')
    expect(page.html).toContain(`<time dateTime="${year}-03-21T04:30:00.000Z">${year}-03-21 09:30</time>`)
  })

  it('gives a preview link per language to the portal’s page of the item', async () => {
    const id = await createNews(newsForm(`Preview ${tag()}`))
    const page = await openAs('editor', `/en/content/post/${id}/preview`, {})
    expect(page.status).toBe(200)
    for (const l of ['uz', 'ru', 'en'])
      expect(page.html).toMatch(new RegExp(`href="http://localhost/${l}/post/${id}\\?preview=[^"]+" hrefLang="${l}"`))
  })
})

describe('children', () => {
  it('saves a gallery’s images with the gallery, leaving empty rows out and removing a ticked one', async () => {
    const title = `Gallery ${tag()}`
    const base = {
      publish_date: '2026-11-01',
      title_uz: `${title} uz`,
      title_ru: `${title} ru`,
      title_en: `${title} en`,
      content_uz: '',
      content_ru: '',
      content_en: '',
    }
    const created = await openAs(
      'editor',
      '/en/content/gallery/new',
      multipart(
        {
          ...base,
          'c.gallery_image.0.row': '1',
          'c.gallery_image.0.caption_en': 'The new terminal',
          'c.gallery_image.1.row': '1',
          'c.gallery_image.2.row': '1',
          'c.gallery_image.2.caption_en': 'Opening day',
        },
        {
          'file.c.gallery_image.0.name': new File([PNG], 'a.png', { type: 'image/png' }),
          'file.c.gallery_image.2.name': new File([PNG], 'b.png', { type: 'image/png' }),
        },
      ),
    )
    expect(created.status, created.html.slice(0, 3000)).toBe(303)
    const id = Number(/gallery\/(\d+)/.exec(locationOf(created)!)![1])
    const images = () =>
      env.GATEWAY_DB.prepare('SELECT caption_en FROM gallery_images WHERE gallery_id = ? ORDER BY position')
        .bind(id)
        .all()
        .then((r) => r.results)
    expect(await images()).toEqual([{ caption_en: 'The new terminal' }, { caption_en: 'Opening day' }])
    const page = await openAs('editor', `/en/content/gallery/${id}`)
    expect(page.html).toContain('value="Opening day"')
    const stored = await env.GATEWAY_DB.prepare(
      'SELECT name FROM gallery_images WHERE gallery_id = ? ORDER BY position',
    )
      .bind(id)
      .all<{ name: string }>()
    const [first, second] = stored.results.map((r) => r.name)
    const removed = await openAs(
      'editor',
      `/en/content/gallery/${id}`,
      multipart({
        ...base,
        'c.gallery_image.0.row': '1',
        'c.gallery_image.0.name': first!,
        'c.gallery_image.0.caption_en': 'The new terminal',
        'c.gallery_image.0.remove': 'true',
        'c.gallery_image.1.row': '1',
        'c.gallery_image.1.name': second!,
        'c.gallery_image.1.caption_en': 'Opening day',
      }),
    )
    expect(removed.status).toBe(303)
    expect(await images()).toEqual([{ caption_en: 'Opening day' }])
    // A caption's row without its image comes back with the error beside the image, and the rows as typed.
    const refused = await openAs(
      'editor',
      `/en/content/gallery/${id}`,
      multipart({ ...base, 'c.gallery_image.0.row': '1', 'c.gallery_image.0.caption_en': 'No image here' }),
    )
    expect(refused.status).toBe(422)
    expect(refused.html).toContain('<a href="#f-c.gallery_image.0.name">Images, Image: Fill this in.</a>')
    expect(refused.html).toContain('value="No image here"')
  })

  it('saves a service with a process and its step in one form, and keeps their ids when they are edited', async () => {
    await env.GATEWAY_DB.prepare(
      "INSERT OR IGNORE INTO service_categories (id, title_uz, title_ru, title_en) VALUES (9301, 'Litsenziyalar', 'Лицензии', 'Licences')",
    ).run()
    const title = `Service ${tag()}`
    const fields = {
      title_uz: `${title} uz`,
      title_ru: `${title} ru`,
      title_en: `${title} en`,
      category_id: '9301',
      description_uz: 'Tavsif',
      description_ru: 'Описание',
      description_en: 'Description',
      'c.service_process.0.row': '1',
      'c.service_process.0.title_en': 'Apply',
      'c.service_process.0.c.service_step.0.row': '1',
      'c.service_process.0.c.service_step.0.title_en': 'Fill in the form',
      'c.service_process.0.c.service_step.1.row': '1',
    }
    const form = await openAs('editor', '/en/content/service/new')
    expect(form.html).toContain('<option value="9301">Licences</option>')
    const created = await openAs('editor', '/en/content/service/new', multipart(fields))
    expect(created.status, created.html.slice(0, 3000)).toBe(303)
    const id = Number(/service\/(\d+)/.exec(locationOf(created)!)![1])
    const steps = () =>
      env.GATEWAY_DB.prepare(
        `SELECT p.id AS process, p.title_en AS process_title, s.id AS step, s.title_en AS step_title
         FROM service_processes p JOIN service_steps s ON s.process_id = p.id WHERE p.service_id = ?`,
      )
        .bind(id)
        .all<{ process: number; process_title: string; step: number; step_title: string }>()
        .then((r) => r.results)
    const [before] = await steps()
    expect(before).toMatchObject({ process_title: 'Apply', step_title: 'Fill in the form' })
    const page = await openAs('editor', `/en/content/service/${id}`)
    expect(page.html).toContain(`name="c.service_process.0.id" value="${before!.process}"`)
    expect(page.html).toContain(`name="c.service_process.0.c.service_step.0.id" value="${before!.step}"`)
    const edited = await openAs(
      'editor',
      `/en/content/service/${id}`,
      multipart({
        ...fields,
        'c.service_process.0.id': String(before!.process),
        'c.service_process.0.c.service_step.0.id': String(before!.step),
        'c.service_process.0.c.service_step.0.title_en': 'Fill in the application form',
      }),
    )
    expect(edited.status).toBe(303)
    expect(await steps()).toEqual([{ ...before, step_title: 'Fill in the application form' }])
  })
})

describe('contacts', () => {
  it('saves the agency’s contacts, which the portal’s call answers, and keeps a bad e-mail beside its field', async () => {
    const bad = await openAs('editor', '/en/content/site-settings', {
      phone: '+998 71 202 62 62',
      email: 'not-an-address',
      address_uz: 'Toshkent, Buxoro ko‘chasi, 6',
      address_ru: '',
      address_en: '',
      map_url: '',
    })
    expect(bad.status).toBe(422)
    expect(bad.html).toContain('<a href="#s-email">E-mail: Check this value.</a>')
    expect(bad.html).toContain('value="Toshkent, Buxoro ko‘chasi, 6"')
    const saved = await openAs('editor', '/en/content/site-settings', {
      phone: '+998 71 202 62 62',
      email: 'info@invest.gov.uz',
      address_uz: 'Toshkent, Buxoro ko‘chasi, 6',
      address_ru: 'Ташкент, улица Бухоро, 6',
      address_en: '6 Bukhoro Street, Tashkent',
      hours_uz: 'Dushanba–juma, 9:00–18:00',
      hours_ru: 'Понедельник–пятница, 9:00–18:00',
      hours_en: 'Monday to Friday, 9:00–18:00',
      map_url: '',
      network_0: 'telegram',
      social_0: 'https://t.me/investuz',
    })
    expect(saved.status).toBe(303)
    expect(locationOf(saved)).toBe('/en/content/site-settings?done=settingsSaved')
    const res = await env.GATEWAY.fetch('http://gateway.test/siw/public/site-settings?lang=ru')
    const { content } = (await res.json()) as { content: Record<string, unknown> }
    expect(content).toMatchObject({
      phone: '+998 71 202 62 62',
      email: 'info@invest.gov.uz',
      address: 'Ташкент, улица Бухоро, 6',
      hours: 'Понедельник–пятница, 9:00–18:00',
      socials: [{ network: 'telegram', url: 'https://t.me/investuz' }],
    })
    const form = await openAs('editor', '/ru/content/site-settings')
    expect(form.html).toContain('value="6 Bukhoro Street, Tashkent"')
    expect(form.html).toContain('value="Monday to Friday, 9:00–18:00"')
  })
})

describe('interest in projects', () => {
  it('shows editors each project’s enquiries, most first when asked, and moderators the pipeline on the overview', async () => {
    const db = env.GATEWAY_DB
    const mark = tag()
    // The references a catalogue project names, which this database may not have yet.
    const ref = (sql: string) => db.prepare(`${sql} RETURNING id`).bind(mark).first<number>('id')
    const category = await ref("INSERT INTO project_categories (title_en) VALUES ('Energy parks ' || ?)")
    const sector = await ref("INSERT INTO sectors (slug, content_en) VALUES ('solar-' || ?, 'Solar')")
    const region = await ref("INSERT INTO regions (code, region_en) VALUES ('R' || ?, 'Test region')")
    const id = await db
      .prepare(
        `INSERT INTO projects (category_id, sector_id, region_id, title_en, status, publication, updated_at)
         VALUES (?, ?, ?, ?, 'open_for_investment', 'published', ?) RETURNING id`,
      )
      .bind(category, sector, region, `Solar park ${mark}`, new Date().toISOString())
      .first<number>('id')
    // Thirty enquiries, open and untouched since January: more than any other project of the tests has.
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
         INSERT INTO enquiries (project_id, email, name, timeframe, message, lang, status, created_at, updated_at)
         SELECT ?1, 'investor' || i || '@solar.example', 'Investor ' || i, 'later', 'Interested in the solar park.',
           'en', 'new', '2026-01-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z' FROM n`,
      )
      .bind(id)
      .run()
    const list = await openAs('editor', '/en/content/project?sort=interest')
    expect(list.status).toBe(200)
    expect(/<tr[^>]* data-id="(\d+)"/.exec(list.html)?.[1]).toBe(String(id))
    expect(list.html).toContain(`<a href="/en/enquiries?project_id=${id}">30</a>`)
    expect(list.html).toMatch(/aria-current="page"[^>]*>Most enquiries first</)
    const newest = await openAs('editor', '/en/content/project')
    expect(newest.html).toMatch(/aria-current="page"[^>]*>Newest first</)
    const screen = await openAs('editor', `/en/content/project/${id}`)
    expect(screen.html).toContain(`<a href="/en/enquiries?project_id=${id}">30 in all</a>`)
    const home = await openAs('moderator', '/en')
    expect(home.html).toContain('open enquiries nobody has touched for 7 days')
    expect(home.html).toContain('new enquiries')
    // The untouched ones' tile opens the list of just those, which holds these thirty.
    expect(home.html).toContain('href="/en/enquiries?stale=1"')
    const stale = await openAs('moderator', `/en/enquiries?stale=1&project_id=${id}`)
    expect(stale.html).toContain('Showing only open enquiries nobody has touched for 7 days.')
    expect(stale.html).toContain('Enquiries: 30')
    // Each status's count, every one a link to its list.
    const pipeline = /<ul class="console-pipeline"[^>]*>(.*?)<\/ul>/.exec(home.html)?.[1] ?? ''
    const statuses = [...pipeline.matchAll(/href="\/en\/enquiries\?status=(\w+)">([^<]+): <strong>(\d+)<\/strong>/g)]
    expect(statuses.map((m) => m[1])).toEqual(['new', 'in_contact', 'meeting', 'proposal', 'closed'])
    expect(Number(statuses[0]![3])).toBeGreaterThanOrEqual(30)
  })
})
