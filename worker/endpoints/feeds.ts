/**
 * `GET /{locale}/feed/{news|events|projects}.xml`: an Atom feed (RFC 4287) per language of the newest news, the events
 * and the newest projects (docs/product.md#feeds), built with the `feed` library from the gateway lists the pages read,
 * and kept whole in KV under the content version (`document-cache.ts`). An entry's id is its page's address, which
 * never changes; its `updated` is the item's `updated_at`.
 */
import { Feed } from 'feed'
import type { Context, Next } from 'hono'
import type { Locale } from '../../contract/locales'
import type { Key } from '../../shared/keys/api-keys'
import { reachKeys } from '../../shared/keys/reach-keys'
import { type FeedName, feedHref, readFeedFile } from '../../shared/routing/files'
import { href } from '../../shared/routing/match'
import { errorEnvelope } from '../http/envelope'
import { cachedFile } from '../payloads/document-cache'
import { loadEntry } from '../payloads/payloads'
import { translatorFor } from '../share/share'
import type { AppEnv } from '../types'

/** One entry of a feed, before the library writes it. */
type Entry = { title: string; link: string; updated: Date; published?: Date; summary?: string }

/** A date of the upstream, or null for none or nonsense. */
function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time)
}

/** A list key's items, or null when the upstream failed (the feed is then not built). */
async function itemsOf<T>(c: Context<AppEnv>, key: Key<T[]>): Promise<T[] | null> {
  const entry = await loadEntry(c, key)
  return entry.ok ? ((entry.envelope.content as T[] | null) ?? []) : null
}

/** The entries of a feed, newest first as the gateway lists them. */
async function entriesOf(c: Context<AppEnv>, feed: FeedName, origin: string): Promise<Entry[] | null> {
  const locale = c.get('locale')
  const page = (id: 'post' | 'event' | 'project', itemId: string | number) =>
    origin + href(id, { locale, params: { id: String(itemId) } })
  if (feed === 'news') {
    const posts = await itemsOf(c, reachKeys.newsFeed())
    return (
      posts?.flatMap((p) => {
        const published = dateOf(p.publish_date)
        const updated = dateOf(p.updated_at) ?? published
        if (!updated) return []
        return [
          {
            title: p.title,
            link: page('post', p.id),
            updated,
            published: published ?? undefined,
            summary: p.description ?? undefined,
          },
        ]
      }) ?? null
    )
  }
  if (feed === 'events') {
    const events = await itemsOf(c, reachKeys.eventsFeed())
    return (
      events?.flatMap((e) => {
        const updated = dateOf(e.updated_at) ?? dateOf(e.date_from)
        if (!updated) return []
        const when = [e.date_from, e.date_to].filter(Boolean).join(' – ')
        const summary = [when, e.location, e.description].filter(Boolean).join(' · ')
        return [{ title: e.name, link: page('event', e.id), updated, summary }]
      }) ?? null
    )
  }
  const projects = await itemsOf(c, reachKeys.projectsFeed())
  return (
    projects?.flatMap((p) => {
      const updated = dateOf(p.updated_at)
      if (!updated) return []
      const named = (v: unknown) =>
        typeof v === 'string'
          ? v
          : v && typeof v === 'object'
            ? ((v as Record<string, unknown>).title ??
              (v as Record<string, unknown>).content ??
              (v as Record<string, unknown>).region)
            : null
      const summary = [named(p.category), named(p.sector), named(p.region)]
        .filter((v) => typeof v === 'string' && v)
        .join(' · ')
      return [{ title: p.title, link: page('project', p.id), updated, summary }]
    }) ?? null
  )
}

/** The page whose items a feed carries: its `<link rel="alternate">`. */
function pageOfFeed(feed: FeedName, locale: Locale): string {
  if (feed === 'news') return href('media', { locale, params: { id: 'news' } })
  if (feed === 'events') return href('event-list', { locale })
  return href('all-projects', { locale })
}

/** The feed's Atom text, or null when a list it reads failed. */
async function buildFeed(c: Context<AppEnv>, feed: FeedName, origin: string): Promise<string | null> {
  const locale = c.get('locale')
  const entries = await entriesOf(c, feed, origin)
  if (!entries) return null
  const t = translatorFor(locale)
  const self = origin + feedHref(locale, feed)
  const out = new Feed({
    id: self,
    title: `${t(`feeds.${feed}`)} — ${t('site.name')}`,
    description: t(`feeds.${feed}Description`),
    link: origin + pageOfFeed(feed, locale),
    language: locale,
    // An empty feed is as old as the epoch: it has changed never.
    updated: new Date(Math.max(0, ...entries.map((e) => e.updated.getTime()))),
    generator: t('site.name'),
    feedLinks: { atom: self },
    author: { name: t('site.name'), link: origin + href('home', { locale }) },
    copyright: t('site.copyright', { year: new Date().getUTCFullYear() }),
  })
  for (const e of entries)
    out.addItem({
      title: e.title,
      id: e.link,
      link: e.link,
      date: e.updated,
      published: e.published,
      description: e.summary,
    })
  return out.atom1()
}

/** Answers a feed, or passes the request on when the file names none (the page route then answers 404). */
export async function serveFeed(c: Context<AppEnv>, next: Next) {
  const feed = readFeedFile(c.req.param('file') ?? '')
  if (!feed) return next()
  c.set('routeId', 'feed')
  const origin = new URL(c.req.url).origin
  const file = await cachedFile(c, `feed:${origin}:${c.get('locale')}:${feed}`, () => buildFeed(c, feed, origin))
  if (!file) return errorEnvelope(c, 502, 'bad_gateway')
  c.header('content-type', 'application/atom+xml; charset=utf-8')
  c.header('cache-control', 'public, max-age=300')
  return c.body(file.body)
}
