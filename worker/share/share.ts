/**
 * What a public page tells search engines and link previews, beyond its title and description (docs/product.md#sharing):
 * `og:url`, `og:locale` with its alternates, `og:image` (the item's own raster picture, else the generated card of
 * `card.ts`), the Twitter card, and JSON-LD (docs/decisions/0028-share-cards.md). Built on the edge from the page's route
 * and data, written into the document's head; the browser carries none of it.
 */
import type {
  BreadcrumbList,
  Event,
  ListItem,
  NewsArticle,
  Organization,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts'
import type { SiteSettings } from '../../contract/gateway/site'
import { LOCALES, type Locale } from '../../contract/locales'
import { bindLocale, createI18n, type Translate } from '../../shared/i18n/i18n'
import { siteKeys } from '../../shared/keys/site-keys'
import { planKeysOf } from '../../shared/plans'
import { feedHref, feedsOfPage } from '../../shared/routing/files'
import { href, switchLocalePath } from '../../shared/routing/match'
import { ROUTE_BY_ID } from '../../shared/routing/routes'
import { listPrivateRoutes } from '../../shared/routing/sitemap-routes'
import { serializeForHtml } from '../../shared/state/serialize'
import type { PageRoute, PayloadEntry } from '../../shared/state/state'
import { messagesFor } from '../render/messages'
import { CARD_HEIGHT, CARD_WIDTH, type CardText } from './card-svg'

const OG_LOCALES: Readonly<Record<Locale, string>> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_GB' }

/** Where generated cards are served: the page's path below it, `.png` after it. */
const CARD_PREFIX = '/_app/card'
/** Changes when the card's drawing does, so previews cached under the old URL are fetched anew. */
const CARD_VERSION = '1'

const PRIVATE = new Set<string>(listPrivateRoutes())

type Json = Record<string, unknown>
type Structured = WithContext<Organization | WebSite | NewsArticle | Event | BreadcrumbList>

/** What a page shares. */
export type Share = Readonly<{
  url: string
  locale: Locale
  type: 'website' | 'article'
  card: CardText
  image: Readonly<{ url: string; generated: boolean; alt: string }>
  /** JSON-LD of the page itself; breadcrumbs come from the document (`breadcrumbsOf`). */
  structured: readonly Structured[]
  /** The Atom feeds that follow this page, for autodiscovery (docs/product.md#feeds). */
  feeds: readonly Readonly<{ href: string; title: string }>[]
}>

const translators = new Map<Locale, Translate>()
/** The interface text of a language on the edge (one translator per language and isolate). */
export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale)
  if (!t) translators.set(locale, (t = bindLocale(createI18n({ [locale]: messagesFor(locale) }), locale)))
  return t
}

/** Whether a route is a public page that shares (not the profile area, a sign-in flow or a blank screen). */
export function isSharedRoute(route: PageRoute): boolean {
  return !PRIVATE.has(route.id) && !ROUTE_BY_ID[route.id].meta.protected && ROUTE_BY_ID[route.id].layout !== 'blank'
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const plain = (html: unknown): string =>
  text(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : s)

/** An image of the upstream as an absolute URL: a File object's link, or a bare link. */
function linkOf(image: unknown, origin: string): { url: string; type: string } | null {
  const file = image && typeof image === 'object' ? (image as Json) : null
  const link = text(file ? file.download_link : image)
  if (!link || /^(javascript|data):/i.test(link)) return null
  const url = new URL(link, origin)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return { url: url.href, type: text(file?.content_type) }
}

/** Raster pictures social networks show: not SVG (docs/product.md#sharing). */
function rasterOf(image: unknown, origin: string): string | null {
  const found = linkOf(image, origin)
  if (!found) return null
  const raster =
    /^image\/(jpeg|png|webp|gif)$/i.test(found.type) || /\.(jpe?g|png|webp|gif)$/i.test(new URL(found.url).pathname)
  const svg = /svg/i.test(found.type)
  return raster && !svg ? found.url : null
}

/** The page's main item: the content of the plan key that names it. */
function itemOf(route: PageRoute, payloads: Readonly<Record<string, PayloadEntry>>, name: string): Json | null {
  const key = planKeysOf(route)[name]
  const entry = key ? payloads[key] : undefined
  const content = entry?.ok ? entry.envelope.content : null
  return content && typeof content === 'object' && !Array.isArray(content) ? (content as Json) : null
}

/**
 * The agency's contacts for its Organization, from the site settings (docs/gateway-contract.md#site-settings) when the
 * page has them in hand: each left out when not set, never invented.
 */
function contactsOf(payloads: Readonly<Record<string, PayloadEntry>>): {
  email?: string
  telephone?: string
  address?: string
  sameAs?: string[]
} {
  const entry = payloads[siteKeys.settings()]
  const settings = entry?.ok ? (entry.envelope.content as SiteSettings | null) : null
  if (!settings) return {}
  const sameAs = (settings.socials ?? []).map((s) => s.url)
  return {
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.address ? { address: settings.address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  }
}

/** The plan key of each route's main item, and the fields its title and picture are in. */
const ITEMS: Readonly<Partial<Record<PageRoute['id'], { key: string; title: string; image?: string }>>> = {
  post: { key: 'post', title: 'title', image: 'photo' },
  story: { key: 'story', title: 'title', image: 'photo' },
  event: { key: 'event', title: 'name', image: 'photo' },
  gallery: { key: 'gallery', title: 'title' },
  project: { key: 'project', title: 'title', image: 'upload' },
  'explore-item': { key: 'project', title: 'title', image: 'upload' },
  'project-category': { key: 'category', title: 'title', image: 'upload' },
  service: { key: 'service', title: 'title', image: 'upload' },
  'e-auction-lot': { key: 'lot', title: 'property', image: 'main_image' },
  about: { key: 'page', title: 'title' },
  contacts: { key: 'page', title: 'title' },
  'cookie-policy': { key: 'page', title: 'title' },
  'privacy-policy': { key: 'page', title: 'title' },
  reason: { key: 'page', title: 'title' },
  sector: { key: 'page', title: 'title' },
  page: { key: 'page', title: 'title' },
  'guide-partnership': { key: 'page', title: 'title' },
  'guide-privatization': { key: 'page', title: 'title' },
  'guide-register-business': { key: 'page', title: 'title' },
  'guide-register-investor': { key: 'page', title: 'title' },
}

/** A short, stable hash of the card's text: the card URL changes when what it shows does. */
function versionOf(card: CardText): string {
  let h = 0x811c9dc5
  for (const ch of `${CARD_VERSION}|${card.label}|${card.title}|${card.site}|${card.country}`) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

/** The generated card's address for a page path (`/en/post/1`) and its text. */
export function cardUrl(origin: string, pagePath: string, card: CardText): string {
  return `${origin}${CARD_PREFIX}${pagePath === '/' ? '' : pagePath}.png?v=${versionOf(card)}`
}

/** The card's text for a page: its item's title under the page's kind, or the page's own title. */
export function cardTextOf(
  route: PageRoute,
  payloads: Readonly<Record<string, PayloadEntry>>,
  locale: Locale,
): CardText {
  const t = translatorFor(locale)
  const site = t('site.name')
  const routeTitle = t(`routes.${ROUTE_BY_ID[route.id].title}`)
  const spec = ITEMS[route.id]
  const item = spec ? itemOf(route, payloads, spec.key) : null
  const itemTitle = item ? text(item[spec!.title]) : ''
  const listTitle = route.id === 'media' ? t(`menu.media.${(route.params as { id: string }).id}`) : ''
  const title = itemTitle || listTitle || (route.id === 'home' ? t('site.description') : routeTitle)
  const label = route.id === 'home' ? site : itemTitle && spec!.key !== 'page' ? routeTitle : site
  return { label, title: cut(title, 200), site, country: t('site.country') }
}

/** What the page at `route` shares, in `locale`; null for a page that does not (private, or an error). */
export function shareOf(input: {
  origin: string
  locale: Locale
  route: PageRoute
  payloads: Readonly<Record<string, PayloadEntry>>
}): Share | null {
  const { origin, locale, route, payloads } = input
  if (!isSharedRoute(route)) return null
  const t = translatorFor(locale)
  const url = origin + switchLocalePath(route.path, route.search, locale)
  const card = cardTextOf(route, payloads, locale)
  const spec = ITEMS[route.id]
  const item = spec ? itemOf(route, payloads, spec.key) : null
  const own = item && spec?.image ? rasterOf(item[spec.image], origin) : null
  const image = own
    ? { url: own, generated: false, alt: card.title }
    : { url: cardUrl(origin, switchLocalePath(route.path, '', locale), card), generated: true, alt: card.title }
  const publisher: Organization = {
    '@type': 'Organization',
    name: t('site.name'),
    url: origin + href('home', { locale }),
  }
  const structured: Structured[] = []
  if (route.id === 'home') {
    structured.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: t('site.name'),
        url: origin + href('home', { locale }),
        logo: `${origin}/favicon.svg`,
        ...contactsOf(payloads),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: t('site.name'),
        url: origin + href('home', { locale }),
        inLanguage: locale,
        potentialAction: searchAction(origin, locale),
      },
    )
  } else if (route.id === 'post' && item) {
    const author = item.author && typeof item.author === 'object' ? (item.author as Json) : null
    const name = [text(author?.firstName), text(author?.lastName)].filter(Boolean).join(' ')
    const published = isoOf(item.publish_date)
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: cut(card.title, 110),
      description: cut(plain(item.description) || plain(item.content), 300) || undefined,
      image: [image.url],
      ...(published ? { datePublished: published } : {}),
      dateModified: isoOf(item.updated_at) ?? published,
      inLanguage: locale,
      mainEntityOfPage: url,
      author: name ? { '@type': 'Person', name } : publisher,
      publisher,
    })
  } else if (route.id === 'event' && item && text(item.location) && isoOf(item.date_from)) {
    // Search engines require a place and a start: an event without them gets no Event rather than an invented one.
    const place = text(item.location)
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: card.title,
      description: cut(plain(item.description), 300) || undefined,
      image: [image.url],
      startDate: isoOf(item.date_from),
      endDate: isoOf(item.date_to),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: place, address: place },
      organizer: publisher,
      url,
      inLanguage: locale,
    })
  }
  return {
    url,
    locale,
    type: route.id === 'post' || route.id === 'story' ? 'article' : 'website',
    card,
    image,
    structured,
    feeds: feedsOfPage(route.id, route.params as Readonly<Record<string, string | undefined>>).map((feed) => ({
      href: origin + feedHref(locale, feed),
      title: `${t(`feeds.${feed}`)} — ${t('site.name')}`,
    })),
  }
}

/**
 * The site search as Google reads it; `query-input` is Google's property, which schema-dts does not type
 * (schema.org's `-input` annotation).
 */
function searchAction(origin: string, locale: Locale): SearchAction {
  const action: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: `${origin}${href('search', { locale })}?keyword={search_term_string}`,
    },
    'query-input': 'required name=search_term_string',
  }
  return action
}

function isoOf(value: unknown): string | undefined {
  const time = Date.parse(text(value))
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The breadcrumbs a document shows (`client/ui/breadcrumbs.tsx`: `nav.breadcrumbs > ol > li`, links then the
 * current page), as a BreadcrumbList; null when it shows none.
 */
function breadcrumbsOf(html: string, origin: string, pageUrl: string): WithContext<BreadcrumbList> | null {
  // Found by `indexOf` first: most documents have none, and a regular expression would read the whole of them.
  const from = html.indexOf('<nav class="breadcrumbs')
  if (from < 0) return null
  const nav = /<nav class="breadcrumbs[^"]*"[^>]*>([\s\S]*?)<\/nav>/y
  nav.lastIndex = from
  const found = nav.exec(html)
  if (!found) return null
  const items: ListItem[] = []
  for (const li of found[1]!.matchAll(/<li>([\s\S]*?)<\/li>/g)) {
    const link = /<a [^>]*href="([^"]*)"/.exec(li[1]!)
    const name = decode(li[1]!.replace(/<[^>]*>/g, '')).trim()
    if (!name) continue
    const item = link ? new URL(decode(link[1]!), origin).href : pageUrl
    items.push({ '@type': 'ListItem', position: items.length + 1, name, item })
  }
  return items.length ? { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items } : null
}

function decode(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e]!,
  )
}

/** The head elements of a share, JSON-LD last; `extra` adds structured data read from the document. */
function shareTags(share: Share, extra: readonly Structured[] = []): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeAttr(content)}"/>`
  const tags = [
    meta('og:type', share.type),
    meta('og:site_name', share.card.site),
    meta('og:url', share.url),
    meta('og:locale', OG_LOCALES[share.locale]),
    ...LOCALES.filter((l) => l !== share.locale).map((l) => meta('og:locale:alternate', OG_LOCALES[l])),
    meta('og:image', share.image.url),
    ...(share.image.generated
      ? [
          meta('og:image:type', 'image/png'),
          meta('og:image:width', String(CARD_WIDTH)),
          meta('og:image:height', String(CARD_HEIGHT)),
        ]
      : []),
    meta('og:image:alt', share.image.alt),
    `<meta name="twitter:card" content="summary_large_image"/>`,
    ...share.feeds.map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeAttr(feed.title)}" href="${escapeAttr(feed.href)}"/>`,
    ),
  ]
  for (const data of [...share.structured, ...extra])
    tags.push(`<script type="application/ld+json">${serializeForHtml(data)}</script>`)
  return tags.join('')
}

/**
 * A streamed document with the share's head elements before its `</head>` (the breadcrumbs stream later, so a streamed
 * document has none of them in its JSON-LD).
 */
export function withShareHead(stream: ReadableStream<Uint8Array>, share: Share | null): ReadableStream<Uint8Array> {
  if (!share) return stream
  const tags = new TextEncoder().encode(shareTags(share))
  const mark = new TextEncoder().encode('</head>')
  let done = false
  let carry = new Uint8Array(0)
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (done) return controller.enqueue(chunk)
        const bytes = new Uint8Array(carry.length + chunk.length)
        bytes.set(carry)
        bytes.set(chunk, carry.length)
        const at = indexOf(bytes, mark)
        if (at < 0) {
          // Keep the tail that may begin the mark; pass the rest on.
          const keep = Math.min(bytes.length, mark.length - 1)
          controller.enqueue(bytes.subarray(0, bytes.length - keep))
          carry = bytes.slice(bytes.length - keep)
          return
        }
        done = true
        controller.enqueue(bytes.subarray(0, at))
        controller.enqueue(tags)
        controller.enqueue(bytes.subarray(at))
      },
      flush(controller) {
        if (!done && carry.length) controller.enqueue(carry)
      },
    }),
  )
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/** A complete document with the share's head elements (and the breadcrumbs it shows) before `</head>`. */
export function withShareTags(html: string, share: Share | null, origin: string): string {
  const end = html.indexOf('</head>')
  if (!share || end < 0) return html
  return html.slice(0, end) + shareHeadTags(html, share, origin) + html.slice(end)
}

/** The share's head elements for a complete document, with the breadcrumbs it shows in its JSON-LD. */
export function shareHeadTags(html: string, share: Share, origin: string): string {
  const crumbs = breadcrumbsOf(html, origin, share.url)
  return shareTags(share, crumbs ? [crumbs] : [])
}
