/**
 * The isolate's document memory with the built client (one-pass renders; docs/security.md#document-memory): a bare `/`
 * is remembered per negotiated language, and addresses with parameters a route does not declare neither fill nor churn
 * the memory.
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
    { ...env, PAYLOAD_MEMORY_MS: '30000' } as unknown as Env,
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
