/**
 * Publishing and the document memory, with the built client (one-pass renders; docs/decisions/0031-publishing.md): a
 * page the isolate remembers is drawn anew by the first request after the gateway's push of a publish
 * (docs/decisions/0042-content-version-off-the-path.md), and a preview is never remembered.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { warmLazyComponents } from '../../client/runtime/lazy-component'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { documentMemorySize } from '../../worker/render/document-memory'
import { decodeEntities, ORIGIN } from './helpers'
import {
  cleanUpPublishing,
  createNewsDraft,
  editorCall,
  signInEditor,
  uniqueMark,
  untilPushed,
} from './publishing-helpers'

const app = createApp()
let token = ''
const created: number[] = []

beforeAll(async () => {
  await warmLazyComponents()
  token = await signInEditor()
})
afterAll(() => cleanUpPublishing(created))

/** A page as an anonymous reader gets it, with the payload and document memories on. */
async function get(path: string) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN)),
    { ...env, PAYLOAD_MEMORY_MS: '30000' } as unknown as Env,
    ctx,
  )
  const html = decodeEntities(await res.text())
  await waitOnExecutionContext(ctx)
  return { status: res.status, html }
}

describe('the document memory and publishing', () => {
  it('draws a remembered news list anew for the first request after a publish, in every language', async () => {
    const mark = uniqueMark()
    const id = await createNewsDraft(token, mark)
    created.push(id)
    const lists = (['uz', 'ru', 'en'] as const).map((locale) => ({
      locale,
      path: href('media', { locale, params: { id: 'news' } }),
    }))
    const empty = documentMemorySize().entries
    for (const { path } of lists) {
      await get(path)
      await get(path)
    }
    const remembered = documentMemorySize().entries
    expect(remembered - empty).toBe(lists.length)
    for (const { path } of lists) expect((await get(path)).html).not.toContain(mark)
    // Asked again, each list came from the memory: nothing new was remembered.
    expect(documentMemorySize().entries).toBe(remembered)

    expect((await editorCall(token, `/post/${id}/publish`, {})).status).toBe(200)
    await untilPushed()
    for (const { locale, path } of lists) expect((await get(path)).html).toContain(`${mark} ${locale}`)
  }, 30_000)

  it('never remembers a preview', async () => {
    const mark = uniqueMark()
    const id = await createNewsDraft(token, mark)
    created.push(id)
    const link = new URL((await editorCall(token, `/post/${id}/preview`, {})).body.content.links.en)
    const before = documentMemorySize()
    for (let i = 0; i < 3; i++) {
      const page = await get(`${link.pathname}${link.search}`)
      expect(page.status).toBe(200)
      expect(page.html).toContain(`${mark} en`)
    }
    expect(documentMemorySize()).toEqual(before)
    expect((await get(link.pathname)).status).toBe(404)
  }, 30_000)
})
