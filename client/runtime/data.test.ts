import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { apiKey } from '../../shared/keys/api-keys'
import type { PayloadEntry } from '../../shared/state/state'
import { PayloadProvider, type PayloadStore, useBrowserPayload, usePayload } from './data'

const PLANNED = apiKey<string>('/planned')

const OK: PayloadEntry = { ok: true, envelope: { result: { code: 'ok', description: '' }, content: 'planned' } }

/** Renders `read` on the server against a store holding only the planned key, and answers what it recorded. */
function render(read: () => unknown): { html: string; unplanned: string[] } {
  const store: PayloadStore = { ready: new Map([[PLANNED, OK]]), pending: new Map(), unplanned: new Set() }
  const Reader = () => createElement('p', null, JSON.stringify(read() ?? null))
  const html = renderToString(createElement(PayloadProvider, { value: store }, createElement(Reader)))
  return { html, unplanned: [...(store.unplanned ?? [])] }
}

describe('payloads on the edge', () => {
  it('records a key the page read that its data plan did not load', () => {
    expect(render(() => usePayload(apiKey('/unplanned')).isLoading).unplanned).toEqual(['/unplanned'])
  })

  it('records nothing for the plan’s own keys', () => {
    const { html, unplanned } = render(() => usePayload(PLANNED).data?.content)
    expect(unplanned).toEqual([])
    expect(html).toContain('planned')
  })

  it('leaves data only the browser loads unrecorded, shown as loading', () => {
    const { html, unplanned } = render(() => useBrowserPayload(apiKey('/after-the-page')).isLoading)
    expect(unplanned).toEqual([])
    expect(html).toContain('true')
  })
})
