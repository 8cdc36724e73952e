/**
 * The isolate's memory of static sections' HTML with the built client (one-pass renders;
 * docs/decisions/0057-section-memory.md): a page rendered for every request (a query its route does not declare, a
 * signed-in reader) repeats the static sections an earlier render drew, and is the same page a render from scratch is.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { warmLazyComponents } from '../../client/runtime/lazy-component'
import { createApp } from '../../worker/app'
import { sectionMemorySize } from '../../worker/render/section-memory'
import { ORIGIN, signInNonResident, tokenCookie } from './helpers'

const app = createApp()

/** A page with the payload memory (and with it the section memory) on for `memoryMs`, or off. */
async function get(path: string, headers: Record<string, string> = {}, memoryMs = '30000') {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { headers }),
    { ...env, PAYLOAD_MEMORY_MS: memoryMs } as unknown as Env,
    ctx,
  )
  const html = await res.text()
  await waitOnExecutionContext(ctx)
  expect(res.status, path).toBe(200)
  return html.replace(/nonce="[^"]+"/g, 'nonce=""')
}

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

beforeAll(async () => {
  await warmLazyComponents()
})

describe('the section memory', () => {
  it('repeats the home page’s static sections for a query the document memory does not answer: the same page as a render from scratch', async () => {
    const path = '/en?campaign=spring'
    await get(path)
    await get(path)
    const remembered = sectionMemorySize().entries
    expect(remembered).toBeGreaterThanOrEqual(8)
    const repeated = await get(path)
    expect(sectionMemorySize().entries).toBe(remembered)
    expect(repeated).toContain('Why Uzbekistan')
    expect(repeated).not.toContain('data-section-')
    expect(repeated).toBe(await get(path, {}, '0'))
  })

  it('repeats the live parts (the header, the regions map) an anonymous reader hydrates: their payloads and texts travel as drawn', async () => {
    const path = '/en?campaign=summer'
    const live = sectionMemorySize().live
    await get(path)
    // The header and the map of this page are remembered, and a signed-in reader's render adds nothing.
    expect(sectionMemorySize().live).toBe(live + 2)
    await get(path, { cookie: tokenCookie(await signInNonResident()) })
    expect(sectionMemorySize().live).toBe(live + 2)
    const repeated = await get(path)
    const fresh = await get(path, {}, '0')
    expect(repeated).toBe(fresh)
    // The browser hydrates them from the document: the map's territories, and the texts both draw.
    expect(repeated).toContain('data-payload="/siw/public/territory?size=14"')
    const state = JSON.parse(/<script type="application\/json" id="__STATE__">(.*?)<\/script>/s.exec(repeated)![1]!)
    const texts = JSON.stringify(state.messages)
    expect(texts).toContain('Shade the map by:')
    expect(texts).toContain('The official investment portal of the Republic of Uzbekistan')
  })

  it('gives a signed-in reader the same sections and their own header', async () => {
    const path = '/en?campaign=autumn'
    const anonymous = await get(path)
    const token = await signInNonResident()
    const signedIn = await get(path, { cookie: tokenCookie(token) })
    expect(mainOf(signedIn)).toBe(mainOf(anonymous))
    expect(signedIn).not.toBe(anonymous)
    expect(signedIn).not.toContain('data-section-')
  })
})
