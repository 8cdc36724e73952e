/**
 * What the edge reports as a render error (docs/architecture.md#one-pass-render, docs/security.md#debug-headers): a
 * one-pass render that suspends is streamed instead, which is no error; a component that throws is logged as one, and
 * marked with `X-Render-Error` only while debug headers are on.
 *
 * The first test needs this file's fresh isolate: its first render is the one that meets a chunk not loaded yet.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmLazyComponents } from '../../client/lazy-component'
import { href } from '../../shared/match'
import { siteKeys } from '../../shared/site-keys'
import { createApp } from '../../worker/app'
import { payloadCacheKey } from '../../worker/payloads'
import { GOOGLEBOT, ORIGIN, putPayload } from './helpers'

const app = createApp()
const home = href('home', { locale: 'en' })

/**
 * Requests a page from the portal with `vars` over the local configuration; its body read, its background work done.
 */
async function render(
  path: string,
  vars: Record<string, string> = {},
  headers: Record<string, string> = { 'user-agent': GOOGLEBOT },
) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { headers }),
    { ...env, ...vars } as unknown as Env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, html }
}

/** The structured `render error` lines written while `run` ran. */
async function renderErrorLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    await run()
    return spy.mock.calls
      .map(([line]) =>
        typeof line === 'string' && line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : null,
      )
      .filter((line): line is Record<string, unknown> => line?.msg === 'render error')
  } finally {
    spy.mockRestore()
  }
}

/** Whether the document is the streamed one: the stream inlines the whole sheets, so its state names none to link. */
const isStreamed = (html: string) => !/"shellCss":"/.test(html)

afterEach(async () => {
  await env.PAYLOADS.delete(payloadCacheKey('en', siteKeys.reviews()))
})

describe('a one-pass render that suspends', () => {
  it('streams the page complete, with no render error logged and no X-Render-Error header', async () => {
    // Every chunk the edge warms is loaded; the decorative art's drawing registers only once a home section's chunk
    // has loaded, so the first home page of an isolate meets it still loading.
    await warmLazyComponents()
    let first: Awaited<ReturnType<typeof render>> | undefined
    const lines = await renderErrorLines(async () => (first = await render(home)))
    expect(first!.res.status).toBe(200)
    expect(first!.res.headers.get('x-render-error')).toBeNull()
    expect(lines).toEqual([])
    expect(isStreamed(first!.html)).toBe(true)
    expect(first!.html).toContain('class="testimonial"')
    // The stream loaded what suspended: the same page renders in one pass from now on.
    expect(isStreamed((await render(home)).html)).toBe(false)
  })
})

describe('a component that throws while the edge renders', () => {
  // The edge checks answers as it fetches them; a KV entry written by hand is read as stored.
  const brokenReviews = () => putPayload('en', siteKeys.reviews(), [null], 0)

  it('is logged as a render error with its path and marked with X-Render-Error while debug headers are on', async () => {
    await brokenReviews()
    let page: Awaited<ReturnType<typeof render>> | undefined
    const lines = await renderErrorLines(async () => (page = await render(home, { DEBUG_HEADERS: '1' })))
    expect(page!.res.status).toBe(200)
    expect(page!.res.headers.get('x-render-error')).toBe('1')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'render error', path: home })
    expect(String(lines[0]!.error)).toMatch(/TypeError/)
  })

  it('is still logged, but never sends X-Render-Error while debug headers are off', async () => {
    await brokenReviews()
    let page: Awaited<ReturnType<typeof render>> | undefined
    const lines = await renderErrorLines(async () => (page = await render(home, { DEBUG_HEADERS: '0' })))
    expect(page!.res.status).toBe(200)
    expect(page!.res.headers.get('x-render-error')).toBeNull()
    expect(lines).toHaveLength(1)
  })
})
