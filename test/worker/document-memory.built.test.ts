/**
 * The isolate's document memory with the built client (one-pass renders; docs/security.md#document-memory): a bare `/`
 * is remembered per negotiated language, addresses with parameters a route does not declare neither fill nor churn
 * the memory, and only an anonymous reader's page without a route rule is answered at the door
 * (docs/decisions/0023-document-memory.md#at-the-door).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { warmLazyComponents } from '../../client/runtime/lazy-component'
import { LOCALE_COOKIE } from '../../shared/constants'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { documentMemorySize } from '../../worker/render/document-memory'
import { ORIGIN } from './helpers'

const app = createApp()

/** A page as an anonymous browser asks for it, with the payload and document memories on. */
async function get(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { headers }),
    // The debug headers say how a page was answered: `Server-Timing` names `document` when the door answered it.
    { ...env, PAYLOAD_MEMORY_MS: '30000', DEBUG_HEADERS: '1' } as unknown as Env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html, lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1] }
}

beforeAll(async () => {
  await warmLazyComponents()
})

describe('the document memory', () => {
  it('remembers a bare / once per negotiated language, so readers of two languages never evict each other’s home page', async () => {
    // An isolate's first home page streams (a chunk still loading) and is not remembered.
    await get('/', { cookie: `${LOCALE_COOKIE}=en` })
    const before = documentMemorySize().entries
    for (const locale of ['uz', 'ru', 'uz', 'ru'] as const) {
      const page = await get('/', { cookie: `${LOCALE_COOKIE}=${locale}` })
      expect(page.res.status).toBe(200)
      expect(page.lang, locale).toBe(locale)
    }
    expect(documentMemorySize().entries - before).toBe(2)
  })

  it('is neither filled nor churned by addresses with parameters the route does not declare', async () => {
    const about = href('about', { locale: 'en' })
    await get(about)
    await get(about)
    const before = documentMemorySize()
    expect(before.entries).toBeGreaterThan(0)
    for (let i = 0; i < 60; i++) expect((await get(`${about}?utm_source=campaign-${i}&x=${i}`)).res.status).toBe(200)
    expect(documentMemorySize()).toEqual(before)
  })
})

describe('the door', () => {
  const atDoor = (res: Response) => /(^|, )document;/.test(res.headers.get('server-timing') ?? '')
  const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

  it('answers a page an anonymous reader asks for again before the pipeline, the same document with a nonce of its own', async () => {
    const about = href('about', { locale: 'ru' })
    await get(about)
    const drawn = await get(about)
    const again = await get(about)
    expect(again.res.status).toBe(200)
    expect(atDoor(again.res)).toBe(true)
    expect(again.res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(again.res.headers.get('cache-control')).toBe('no-store')
    const [a, b] = [nonceOf(drawn.res), nonceOf(again.res)]
    expect(a && b && a !== b).toBe(true)
    expect(again.html.includes(`nonce="${b}"`)).toBe(true)
    expect(again.html.includes(a!)).toBe(false)
    expect(again.html.replaceAll(b!, '')).toBe(drawn.html.replaceAll(a!, ''))
  })

  it('leaves a reader with a session cookie and a page with a route rule to the pipeline', async () => {
    const about = href('about', { locale: 'uz' })
    await get(about)
    await get(about)
    expect(atDoor((await get(about)).res)).toBe(true)
    // A session cookie, even one the gateway would refuse, is never an anonymous reader's.
    const withCookie = await get(about, { cookie: 'token=not-a-session' })
    expect(atDoor(withCookie.res)).toBe(false)
    // The sign-in page's rule sends a signed-in reader on: it runs on every request, so the door never answers it.
    const signIn = href('sign-in', { locale: 'uz', query: { role: 'investor' } })
    for (let i = 0; i < 3; i++) {
      const page = await get(signIn)
      expect(page.res.status).toBe(200)
      expect(atDoor(page.res)).toBe(false)
    }
  })
})
