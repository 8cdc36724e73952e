/**
 * What the content forms' scripts need from the console (docs/decisions/0055-console-editor.md): the data a form
 * carries for them, and the editor's calls under `/{lang}/content/editor/`: the portal's pages found by title for a
 * link, an image uploaded from the editor, and an uploaded image shown in it.
 */
import { Hono } from 'hono'
import { LOCALES, type Locale } from '../../../../contract/locales'
import {
  ContentItemSchema,
  type ContentKind,
  ContentListSchema,
  UploadedSchema,
} from '../../../../contract/operators/content'
import { portalFilePath } from '../../../../contract/rich-text'
import { LOCALE_NAMES } from '../../../../shared/constants'
import { href, hrefTo } from '../../../../shared/routing/match'
import { isRouteId, REASONS, SECTOR_SLUG } from '../../../../shared/routing/routes'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { messagesOf, translateCode, translator } from '../../i18n'
import { paths } from '../../paths'
import type { ConsoleScriptName } from '../../scripts'
import { childRows } from './kinds'
import { fieldLabel, kindName, titleIn } from './names'
import { readKinds } from './save'

/** Whether a kind's form (with its children's rows) has a rich-text field, and so loads the editor. */
function hasRichText(kind: ContentKind, kinds: Map<string, ContentKind>): boolean {
  return (
    kind.fields.some((f) => f.type === 'html') ||
    (kind.children ?? []).some((name) => {
      const child = kinds.get(name)
      return child ? hasRichText(child, kinds) : false
    })
  )
}

/** The scripts of a kind's form: its helpers always, the editor where it has rich text. */
export const formScripts = (kind: ContentKind, kinds: Map<string, ContentKind>): ConsoleScriptName[] =>
  hasRichText(kind, kinds) ? ['form', 'editor'] : ['form']

/** An upload reference (`file:{id}:{size}:{ext}`, docs/gateway-contract.md#operator-content) of an image. */
const IMAGE_REF = /^file:([A-Za-z0-9_-]{8,64}):(\d{1,10}):(jpg|png|webp)$/

/** The images an item's form holds (its own image fields and its children's image or file fields), for the editor. */
function imagesOf(
  lang: Locale,
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  values: Record<string, string>,
  prefix = '',
): { src: string; name: string }[] {
  const t = translator(lang)
  const out: { src: string; name: string }[] = []
  for (const field of kind.fields) {
    if (field.type !== 'image' && field.type !== 'file') continue
    const m = IMAGE_REF.exec(values[prefix + field.name] ?? '')
    if (m)
      out.push({
        src: portalFilePath(m[1]!),
        name: `${fieldLabel(t, field.name, field.type)} · ${m[3]!.toUpperCase()} · ${Math.ceil(Number(m[2]) / 1024)} KB`,
      })
  }
  for (const name of kind.children ?? []) {
    const child = kinds.get(name)
    if (!child) continue
    for (const row of childRows(values, prefix, name))
      out.push(...imagesOf(lang, child, kinds, values, `${prefix}c.${name}.${row}.`))
  }
  return out
}

/** The `data-*` a content form carries for its scripts: their texts, the drafts' keys, the editor's calls. */
export function formScriptData(
  lang: Locale,
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  id: number | null,
  values: Record<string, string>,
): Record<`data-${string}`, string> {
  const data: Record<`data-${string}`, string> = {
    'data-texts': JSON.stringify(messagesOf(lang, 'editor')),
    'data-language-names': JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, LOCALE_NAMES[l]]))),
    'data-draft-key': `${kind.kind}:${id ?? 'new'}`,
    'data-new-key': `${kind.kind}:new`,
  }
  if (!hasRichText(kind, kinds)) return data
  return {
    ...data,
    'data-link-search': paths.contentEditor(lang, 'links'),
    'data-image-upload': paths.contentEditor(lang, 'images'),
    'data-image-preview': paths.contentEditor(lang, 'images'),
    'data-uploads': JSON.stringify(imagesOf(lang, kind, kinds, values)),
  }
}

/** The kinds whose items are pages of the portal, and the route of each item's page. */
const PAGE_ROUTES: Record<string, 'post' | 'event' | 'story' | 'gallery' | 'project' | 'service'> = {
  post: 'post',
  event: 'event',
  story: 'story',
  gallery: 'gallery',
  project: 'project',
  service: 'service',
}

/**
 * The portal's path of a content page by its slug, in `lang`, as the gateway places pages
 * (docs/gateway-contract.md#operator-content): `reason-…`, `guide-…` and `sector-…` pages have routes of their own.
 */
function pagePath(slug: string, lang: Locale): string | null {
  const [head, rest = ''] = slug.split(/-(.*)/s) as [string, string?]
  if (head === 'reason' && (REASONS as readonly string[]).includes(rest))
    return href('reason', { locale: lang, params: { topic: rest as (typeof REASONS)[number] } })
  if (head === 'sector' && SECTOR_SLUG.test(rest)) return href('sector', { locale: lang, params: { sector: rest } })
  if (head === 'guide') return isRouteId(slug) ? hrefTo({ id: slug }, { locale: lang }) : null
  return href('page', { locale: lang, params: { slug } })
}

/** Link targets found per kind, and how many the answer lists. */
const PER_KIND = 5
const MAX_TARGETS = 20

export const editorRoutes = new Hono<ConsoleEnv>()

/**
 * `GET links?q=&lang=`: the portal's pages whose title has `q` in any language, across kinds, each with its path in
 * `lang` (the text's language) and its title in that language.
 */
editorRoutes.get('/links', async (c) => {
  const q = (c.req.query('q') ?? '').trim().slice(0, 200)
  const asked = c.req.query('lang') ?? ''
  const lang: Locale = (LOCALES as readonly string[]).includes(asked) ? (asked as Locale) : c.get('lang')
  const t = translator(c.get('lang'))
  if (q.length < 2) return c.json({ items: [] })
  const kinds = await readKinds(c)
  if (kinds instanceof Response) return c.json({ error: 'unavailable' }, 502)
  const api = gatewayFor(c)
  const searched = kinds.list.filter((k) => k.publishable && (PAGE_ROUTES[k.kind] || k.kind === 'page'))
  const answers = await Promise.all(
    searched.map(async (kind) => {
      const list = await api.get(`/core/operator/content/${kind.kind}`, ContentListSchema, { q })
      if (!list.ok) return []
      return Promise.all(
        list.content.items.slice(0, PER_KIND).map(async (item) => {
          let path: string | null = null
          const route = PAGE_ROUTES[kind.kind]
          if (route === 'service') path = href('service', { locale: lang, params: { service_id: String(item.id) } })
          else if (route) path = href(route, { locale: lang, params: { id: String(item.id) } })
          else {
            const full = await api.get(`/core/operator/content/page/${item.id}`, ContentItemSchema)
            if (full.ok && typeof full.content.values.slug === 'string') path = pagePath(full.content.values.slug, lang)
          }
          return path
            ? {
                title: item.title[lang] || titleIn(lang, item.title) || t('content.untitled', { id: item.id }),
                kind: kindName(t, kind.kind),
                path,
                publication: item.publication,
              }
            : null
        }),
      )
    }),
  )
  return c.json({
    items: answers
      .flat()
      .filter((x) => x !== null)
      .slice(0, MAX_TARGETS),
  })
})

/** `POST images`: an image uploaded from the editor (multipart `file`), answered with its path on the portal. */
editorRoutes.post('/images', async (c) => {
  const t = translator(c.get('lang'))
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const file = body.file
  if (!(file instanceof File) || file.size === 0)
    return c.json({ code: 'validation_error', message: t('content.errors.required') }, 422)
  const answer = await gatewayFor(c).upload('/core/operator/content/files', UploadedSchema, file, { type: 'image' })
  if (!answer.ok) {
    const key = `content.errors.${answer.code}`
    const text = t(key)
    const status = answer.status === 413 || answer.status === 415 || answer.status === 422 ? answer.status : 502
    return c.json({ code: answer.code, message: text === key ? translateCode(t, answer.code) : text }, status)
  }
  const id = IMAGE_REF.exec(answer.content.ref)?.[1]
  if (!id) return c.json({ code: 'unsupported_file_type', message: t('content.errors.unsupported_file_type') }, 415)
  return c.json({ src: portalFilePath(id), name: answer.content.original_name }, 201)
})

/**
 * `GET images/{id}`: an uploaded image as the editor shows it (the console cannot load the portal's addresses), saved
 * into an item or not yet (an upload is public only once a save names it, docs/security.md#uploads).
 */
editorRoutes.get('/images/:id{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const res = await gatewayFor(c).download(`/core/operator/content/files/${c.req.param('id')}`)
  const type = res?.headers.get('content-type') ?? ''
  if (!res?.ok || !/^image\/(jpeg|png|webp)$/.test(type)) return c.notFound()
  return new Response(res.body, {
    headers: { 'Content-Type': type, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  })
})
