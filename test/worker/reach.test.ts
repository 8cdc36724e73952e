/**
 * A crawler's walk through the portal in workerd: from the home page it follows every `<a href>` (as a search engine
 * does, with Googlebot's user agent, which gets complete documents), and every page `/sitemap.xml` names must be
 * reached that way: a page listed but linked from nowhere is a page search engines distrust.
 */
import { describe, expect, it } from 'vitest'
import { href } from '../../shared/routing/match'
import { decodeEntities, fetchPortal, GOOGLEBOT, ORIGIN } from './helpers'

/** Same-origin link targets of a document, as absolute URLs without their fragment. */
function linksOf(html: string, base: string): URL[] {
  const out: URL[] = []
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const url = new URL(decodeEntities(m[1]!), base)
    url.hash = ''
    if (url.origin === ORIGIN) out.push(url)
  }
  return out
}

/** A page's document as a crawler gets it, following same-origin redirects. */
async function crawl(url: URL): Promise<{ url: URL; status: number; html: string }> {
  let current = url
  for (let hop = 0; hop < 4; hop++) {
    const res = await fetchPortal(current.href, { headers: { 'user-agent': GOOGLEBOT } })
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      current = new URL(location, current)
      continue
    }
    return { url: current, status: res.status, html: res.status === 200 ? await res.text() : '' }
  }
  throw new Error(`redirect loop at ${url.href}`)
}

/** Where a same-origin address redirects to, or null when it answers itself. */
async function redirectOf(url: URL): Promise<URL | null> {
  const res = await fetchPortal(url.href, { headers: { 'user-agent': GOOGLEBOT } })
  const location = res.headers.get('location')
  await res.body?.cancel()
  return res.status >= 300 && res.status < 400 && location ? new URL(location, url) : null
}

describe('reach', () => {
  it('reaches every page of the site map by following links from the home page', async () => {
    const sitemap = await (await fetchPortal('/sitemap.xml')).text()
    const listed = new Set(
      [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(decodeEntities(m[1]!)).pathname),
    )
    expect(listed.size).toBeGreaterThan(300)
    const reached = new Set<string>()
    const seen = new Set<string>()
    const tried = new Set<string>()
    // A page is walked once per list page (`?page=`), so paged lists lead to their older items; other queries
    // (filters, a service's selected step) lead nowhere new.
    const keyOf = (url: URL) => `${url.pathname}?${url.searchParams.get('page') ?? ''}`
    const queue: URL[] = [new URL(href('home', { locale: 'en' }), ORIGIN)]
    seen.add(keyOf(queue[0]!))
    const visit = async (url: URL) => {
      const page = await crawl(url)
      reached.add(url.pathname)
      reached.add(page.url.pathname)
      for (let link of linksOf(page.html, page.url.href)) {
        if (!listed.has(link.pathname)) {
          // A link to an address that redirects (`/service/category` → its first category) leads where it redirects;
          // the site map names only addresses that answer 200.
          if (tried.has(link.pathname)) continue
          tried.add(link.pathname)
          const target = await redirectOf(link)
          if (!target || !listed.has(target.pathname)) continue
          link = target
        }
        reached.add(link.pathname)
        const key = keyOf(link)
        if (seen.has(key)) continue
        seen.add(key)
        queue.push(link)
      }
    }
    while (queue.length) await Promise.all(queue.splice(0, 6).map(visit))
    const unreached = [...listed].filter((path) => !reached.has(path))
    expect(unreached).toEqual([])
  }, 240_000)
})
