/**
 * The streaming seam on its own: a `<Section>` streams its payload as an escaped `data-payload` block under its key.
 */
import { createElement as h } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PayloadProvider, type PayloadStore, Section, usePayload } from '../../client/runtime/data'
import { mediaKeys } from '../../shared/keys/media-keys'
import { serializeEntryForHtml } from '../../shared/state/serialize'
import type { PayloadEntry } from '../../shared/state/state'
import { readPayloadBlocks, readScripts } from './helpers'

const KEY = mediaKeys.list('news')
const TITLE = '</script><script>alert(1)</script> <!--<script> a\u2028b\u2029c & d'

function Title() {
  const { data } = usePayload(KEY)
  return h('p', { id: 'title' }, data?.content[0]?.title ?? 'none')
}

async function render(entry: Promise<PayloadEntry>, options: { waitForAll?: boolean } = {}) {
  // The edge's store: it serialises the entries it embeds (the browser's store has no serialiser).
  const store: PayloadStore = { ready: new Map(), pending: new Map([[KEY, entry]]), serialize: serializeEntryForHtml }
  const stream = await renderToReadableStream(
    h(
      PayloadProvider,
      { value: store },
      h(
        'main',
        null,
        // biome-ignore lint/correctness/noChildrenProp: `createElement` without JSX; the section's props type asks for them.
        h(Section, { keys: [KEY], fallback: h('span', { id: 'fallback' }, 'loading'), children: h(Title) }),
      ),
    ),
    { nonce: 'n0nce' },
  )
  if (options.waitForAll) await stream.allReady
  return new Response(stream).text()
}

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 20))
const okEntry: PayloadEntry = {
  ok: true,
  envelope: { result: { code: 'ok', description: '' }, content: [{ title: TITLE }] },
}

describe('Section', () => {
  it('streams the fallback first, then the section with its payload block under the exact key', async () => {
    const html = await render(later(okEntry))
    expect(html.indexOf('id="fallback"')).toBeGreaterThan(-1)
    expect(html.indexOf('id="fallback"')).toBeLessThan(html.indexOf('data-payload'))
    const block = readPayloadBlocks(html).get(KEY)
    expect(block?.value).toEqual(okEntry)
  })

  it('escapes the payload so a hostile title cannot close the script, and parses back to the original', async () => {
    const html = await render(later(okEntry))
    expect(html).not.toContain('</script><script>alert')
    expect(html).not.toContain('<!--<script>')
    const block = readPayloadBlocks(html).get(KEY)!
    expect(block.raw).not.toMatch(/[<>\u2028\u2029]/)
    expect((block.value as typeof okEntry & { ok: true }).envelope.content).toEqual([{ title: TITLE }])
  })

  it('puts the nonce on the inline scripts React streams to reveal the section', async () => {
    const html = await render(later(okEntry))
    const executable = readScripts(html).filter((s) => !s.attrs.type)
    expect(executable.length).toBeGreaterThan(0)
    for (const s of executable) expect(s.attrs.nonce).toBe('n0nce')
  })

  it('renders a complete section without fallback markers once everything is ready', async () => {
    const html = await render(later(okEntry), { waitForAll: true })
    expect(html).not.toContain('<!--$?-->')
    expect(html).not.toContain('<template id="B:')
    expect(readPayloadBlocks(html).get(KEY)?.value).toEqual(okEntry)
  })

  it('embeds a failed load as an error entry instead of throwing', async () => {
    const failed: PayloadEntry = { ok: false, status: 502, code: 'network_error' }
    const html = await render(later(failed), { waitForAll: true })
    expect(readPayloadBlocks(html).get(KEY)?.value).toEqual(failed)
    expect(html).toContain('<p id="title">none</p>')
  })
})
