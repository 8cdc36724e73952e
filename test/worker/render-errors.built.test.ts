/**
 * What the edge reports as a render error (docs/decisions/0020-one-pass-render.md, docs/security.md#debug-headers): a
 * one-pass render that suspends is streamed instead, which is no error; a component that throws is logged as one, and
 * marked with `X-Render-Error` only while debug headers are on.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { createElement as h, Suspense, use } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmLazyComponents } from '../../client/runtime/lazy-component'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import type { InitialState } from '../../shared/state/state'
import { createApp } from '../../worker/app'
import { readConfig } from '../../worker/env'
import { payloadCacheKey } from '../../worker/payloads/payloads'
import type { DocumentRender } from '../../worker/render/document'
import { renderOnePass } from '../../worker/render/one-pass'
import { renderStream } from '../../worker/render/stream'
import type { AppEnv } from '../../worker/types'
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
  /** A document whose only section waits on data that is not there yet: the one pass meets a suspension. */
  function suspendingDocument(): DocumentRender {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('arrived late'), 20))
    const Late = () => h('p', { id: 'late' }, use(late))
    const route = { id: 'about', params: {}, query: {}, path: '/en/about', search: '' } as const
    const input = {
      status: 200,
      route,
      session: { hasToken: false, profile: null },
      error: null,
      payloads: {},
      deferred: new Map(),
    }
    const store = {
      ready: new Map(),
      pending: new Map(),
      serialize: JSON.stringify,
      reads: new Set<string>(),
      unplanned: new Set<string>(),
    }
    return {
      input,
      state: { locale: 'en', origin: ORIGIN, notice: null } as unknown as InitialState,
      store,
      nonce: 'bm9uY2Utbm9uY2Utbm9uY2U=',
      boot: '',
      share: null,
      root: () => h('html', null, h('body', null, h(Suspense, { fallback: h('p', null, 'waiting') }, h(Late)))),
      markComplete: () => undefined,
      learnKeys: () => undefined,
    }
  }

  it('streams the page complete, with no render error logged and no X-Render-Error header', async () => {
    await warmLazyComponents()
    const edge = new Hono<AppEnv>()
    let onePass: Response | null | undefined
    edge.get('/en/about', async (c) => {
      c.set('config', readConfig({ ...env, DEBUG_HEADERS: '1' } as Env))
      c.set('locale', 'en')
      const doc = suspendingDocument()
      onePass = renderOnePass(c, doc, new Map())
      return renderStream(c, doc, { waitForAll: true })
    })
    let res: Response | undefined
    const lines = await renderErrorLines(async () => (res = await edge.request('/en/about')))
    // The one pass gave up on the suspension, and the stream waited for it.
    expect(onePass).toBeNull()
    expect(res!.status).toBe(200)
    expect(await res!.text()).toContain('arrived late')
    expect(res!.headers.get('x-render-error')).toBeNull()
    expect(lines).toEqual([])
  })

  it('is no longer the first home page of an isolate: every part a page may draw is warm before the first render', async () => {
    await warmLazyComponents()
    const first = await render(home)
    expect(first.res.status).toBe(200)
    expect(isStreamed(first.html)).toBe(false)
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
