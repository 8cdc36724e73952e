/**
 * The content forms' scripts and the editor's calls (docs/decisions/0055-console-editor.md): the editor loads only on
 * forms with rich text, from the console's own address under the page's nonce and within its budget; a link finds the
 * portal's pages by title across kinds as paths in the text's language; an image uploaded from the editor is shown in
 * it and kept in the text with its alternative text, and nothing else is.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import budgets from '../../test/bench/budgets.json'
import { ensureOperators, locationOf, open, openAs } from './helpers'

beforeAll(ensureOperators)

const tag = () => crypto.randomUUID().slice(0, 8)

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
)

const multipart = (fields: Record<string, string>, files: Record<string, File> = {}) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  for (const [k, f] of Object.entries(files)) form.set(k, f)
  return form
}

/** Creates a draft of `kind` through the console; its id. */
async function create(kind: string, fields: Record<string, string>): Promise<number> {
  const page = await openAs('editor', `/en/content/${kind}/new`, multipart(fields))
  expect(page.status, page.html.slice(0, 1500)).toBe(303)
  return Number(/\/(\d+)\?done=created$/.exec(locationOf(page) ?? '')![1])
}

const news = (title: string, content = '<p>Text.</p>') => ({
  category: 'news',
  publish_date: '2026-11-20',
  title_uz: `${title} uz`,
  title_ru: `${title} ru`,
  title_en: `${title} en`,
  content_uz: content,
  content_ru: content,
  content_en: content,
})

/** The script tags of a page: their paths and nonces. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script src="([^"]+)" nonce="([^"]+)" defer="">/g)].map((m) => ({ src: m[1]!, nonce: m[2]! }))

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return (await new Response(stream).arrayBuffer()).byteLength
}

describe('the content forms’ scripts', () => {
  it('loads the editor only on forms with rich text, from the console’s own address under the page’s nonce', async () => {
    const post = await openAs('editor', '/ru/content/post/new')
    const scripts = scriptsOf(post.html)
    expect(scripts.map((s) => s.src)).toEqual([
      expect.stringMatching(/^\/assets\/console-form-[\w-]{12}\.js$/),
      expect.stringMatching(/^\/assets\/console-editor-[\w-]{12}\.js$/),
    ])
    const csp = post.headers.get('content-security-policy') ?? ''
    // Only these two files and the hashed upload script run: no 'self', no inline script of any other kind.
    expect(csp).toContain(`'nonce-${scripts[0]!.nonce}'`)
    expect(scripts[1]!.nonce).toBe(scripts[0]!.nonce)
    expect(csp).not.toMatch(/'self'[^;]*;[^;]*connect-src|script-src[^;]*'self'|unsafe-inline/)
    expect(post.html).toMatch(
      /<textarea[^>]*data-rich-text=""[^>]*>|<textarea[^>]*id="f-content_ru"[^>]*data-rich-text/,
    )
    // Each page has a nonce of its own.
    const again = await openAs('editor', '/ru/content/post/new')
    expect(scriptsOf(again.html)[0]!.nonce).not.toBe(scripts[0]!.nonce)

    // A form without rich text (a leader: names and a biography) loads the form's helpers, not the editor.
    const leader = scriptsOf((await openAs('editor', '/ru/content/leader/new')).html)
    expect(leader.map((s) => s.src)).toEqual([scripts[0]!.src])
    // Pages without a content form load no script at all.
    for (const path of ['/ru', '/ru/content', '/ru/content/post']) {
      const page = await openAs('editor', path)
      expect(page.html, path).not.toContain('<script')
      expect(page.headers.get('content-security-policy'), path).not.toContain('script-src')
    }
  })

  it('serves each script immutable at its hashed path, the editor within its gzip budget', async () => {
    const [form, editor] = scriptsOf((await openAs('editor', '/en/content/post/new')).html)
    for (const script of [form!, editor!]) {
      const res = await open(script.src, { token: null })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      const budget = script === editor ? budgets.console.editorJsGzipBytes : budgets.console.formJsGzipBytes
      expect(await gzipSize(res.html), script.src).toBeLessThanOrEqual(budget)
    }
    expect((await open('/assets/console-editor-AAAAAAAAAAAA.js', { token: null })).status).toBe(404)
  })

  it('carries the editor’s texts in the page’s language and the item’s images for the image dialog', async () => {
    const uploaded = await openAs(
      'editor',
      '/en/content/editor/images',
      multipart({}, { file: new File([PNG], 'plant.png', { type: 'image/png' }) }),
    )
    const src = JSON.parse(uploaded.html).src as string
    const id = await create('post', {
      ...news(`Photo ${tag()}`),
      photo: `file:${src.split('/').pop()}:${PNG.length}:png`,
    })
    const page = await openAs('editor', `/ru/content/post/${id}`)
    const data = (name: string) =>
      JSON.parse(
        (new RegExp(`data-${name}="([^"]*)"`).exec(page.html)?.[1] ?? 'null')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      )
    expect(data('texts').bold).toBe('Жирный')
    expect(data('uploads')).toEqual([{ src, name: expect.stringMatching(/^Фото · PNG · 1 KB$|PNG · 1 KB$/) }])
    expect(page.html).toContain(`data-draft-key="post:${id}"`)
    expect(page.html).toContain('data-link-search="/ru/content/editor/links"')
  })
})

describe('the editor’s calls', () => {
  it('finds the portal’s pages by title across kinds, each as its path in the text’s language', async () => {
    const word = `Solar${tag()}`
    const post = await create('post', news(`${word} plant`))
    const story = await create('story', {
      publish_date: '2026-11-21',
      title_uz: `${word} hikoya`,
      title_ru: `${word} история`,
      title_en: `${word} story`,
      summary_uz: 'Qisqa.',
      summary_ru: 'Кратко.',
      summary_en: 'Short.',
      content_uz: '<p>Matn.</p>',
      content_ru: '<p>Текст.</p>',
      content_en: '<p>Text.</p>',
    })
    const res = await openAs('editor', `/en/content/editor/links?q=${word}&lang=ru`)
    expect(res.status).toBe(200)
    const { items } = JSON.parse(res.html) as { items: { title: string; kind: string; path: string }[] }
    expect(items).toEqual(
      expect.arrayContaining([
        { title: `${word} plant ru`, kind: 'News and publications', path: `/ru/post/${post}`, publication: 'draft' },
        { title: `${word} история`, kind: expect.any(String), path: `/ru/story/${story}`, publication: 'draft' },
      ]),
    )
    expect(items).toHaveLength(2)
    // A page is found by its title too, at the address its slug gives it.
    const slug = `solar-${tag()}`
    await create('page', {
      slug,
      title_uz: `${word} sahifa`,
      title_ru: `${word} страница`,
      title_en: `${word} page`,
      content_uz: '<p>Matn.</p>',
      content_ru: '<p>Текст.</p>',
      content_en: '<p>Text.</p>',
    })
    const pages = JSON.parse((await openAs('editor', `/en/content/editor/links?q=${word}&lang=uz`)).html).items
    expect(pages.map((p: { path: string }) => p.path)).toContain(`/uz/${slug}`)
    // Too short a query asks nothing.
    expect(JSON.parse((await openAs('editor', '/en/content/editor/links?q=a&lang=ru')).html)).toEqual({ items: [] })
  })

  it('uploads an image and shows it in the editor; refuses a file that is no image with a message for the field', async () => {
    const res = await openAs(
      'editor',
      '/ru/content/editor/images',
      multipart({}, { file: new File([PNG], 'plant.png', { type: 'image/png' }) }),
    )
    expect(res.status).toBe(201)
    const { src, name } = JSON.parse(res.html)
    expect(src).toMatch(/^\/gateway\/document\/public\/file\/[\w-]{8,64}$/)
    expect(name).toBe('plant.png')
    const shown = await openAs('editor', `/ru/content/editor/images/${src.split('/').pop()}`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')

    const refused = await openAs(
      'editor',
      '/ru/content/editor/images',
      multipart({}, { file: new File(['not an image'], 'notes.png', { type: 'image/png' }) }),
    )
    expect(refused.status).toBe(415)
    expect(JSON.parse(refused.html)).toEqual({
      code: 'unsupported_file_type',
      message: 'Файлы этого типа не принимаются.',
    })
    const moderator = await openAs('moderator', `/ru/content/editor/images/${src.split('/').pop()}`)
    expect(moderator.status).toBe(403)
  })

  it('keeps an uploaded image with its alternative text in rich text, and no image from elsewhere or without it', async () => {
    const upload = await openAs(
      'editor',
      '/en/content/editor/images',
      multipart({}, { file: new File([PNG], 'plant.png', { type: 'image/png' }) }),
    )
    const { src } = JSON.parse(upload.html)
    const content = [
      `<figure><img src="${src}" alt="The new plant" width="10" onerror="x()"><figcaption>Opened in May</figcaption></figure>`,
      `<p><img src="${src}"></p>`,
      '<p><img src="https://tracker.example/pixel.png" alt="pixel"></p>',
      `<p><img src="javascript:alert(1)//document/public/file/AAAAAAAA" alt="x"></p>`,
    ].join('')
    const id = await create('post', news(`Images ${tag()}`, content))
    const row = await env.GATEWAY_DB.prepare('SELECT content_en FROM posts WHERE id = ?')
      .bind(id)
      .first<string>('content_en')
    expect(row).toBe(
      `<figure><img src="${src}" alt="The new plant"><figcaption>Opened in May</figcaption></figure><p></p><p></p><p></p>`,
    )
  })
})
