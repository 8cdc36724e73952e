import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serializeEntryForHtml, serializeForHtml, serializeStateForHtml } from './serialize'
import type { InitialState, PayloadEntry } from './state'

describe('serializeForHtml', () => {
  it('escapes <, >, & and the JavaScript line terminators U+2028 and U+2029', () => {
    const out = serializeForHtml({ title: '</script><script>alert(1)</script> <!--<script> a&b \u2028\u2029' })
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(out).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e')
    expect(out).toContain('\\u003c!--\\u003cscript\\u003e')
    expect(out).toContain('a\\u0026b')
    expect(out).toContain('\\u2028\\u2029')
  })

  it('round-trips through JSON.parse', () => {
    const value = {
      title: '</script><script>alert(1)</script>',
      nested: [{ html: '<!--<script>', sep: '\u2028\u2029' }],
      n: 1,
      ok: true,
      none: null,
    }
    expect(JSON.parse(serializeForHtml(value))).toEqual(value)
  })

  it('round-trips arbitrary JSON values and never emits a raw <, >, &, U+2028 or U+2029', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = serializeForHtml(value)
        expect(out).not.toMatch(/[<>&\u2028\u2029]/)
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })

  it('serialises undefined as null', () => {
    expect(serializeForHtml(undefined)).toBe('null')
  })
})

describe('serializeStateForHtml and serializeEntryForHtml', () => {
  const envelope = {
    result: { code: 'ok', description: '' },
    content: { title: '</script><script>alert(1)</script>', sep: '\u2028' },
  }
  const state = {
    locale: 'en',
    origin: 'https://portal.example',
    route: { id: 'post', params: { id: '7' }, query: {}, path: '/en/post/7', search: '' },
    session: { token: null },
    error: null,
    messages: { home: { title: 'Home <b>' } },
    payloads: {
      '/core/post/7': { ok: true, envelope },
      '/core/post/8': { ok: false, status: 502, code: 'network_error' },
    },
    form: null,
    notice: null,
  } as unknown as InitialState

  it('writes the same JSON as serialising the whole state, escaped for HTML', () => {
    const out = serializeStateForHtml(state)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual(JSON.parse(serializeForHtml(state)))
  })

  it('writes an envelope shared by several responses once, and stale or failed entries as they are', () => {
    const fresh: PayloadEntry = { ok: true, envelope } as PayloadEntry
    const stale: PayloadEntry = { ok: true, envelope, stale: true } as PayloadEntry
    expect(JSON.parse(serializeEntryForHtml(fresh))).toEqual({ ok: true, envelope })
    expect(JSON.parse(serializeEntryForHtml(stale))).toEqual({ ok: true, envelope, stale: true })
    expect(serializeEntryForHtml(fresh)).not.toMatch(/[<>&\u2028\u2029]/)
    const failed: PayloadEntry = { ok: false, status: 504, code: 'upstream_timeout' }
    expect(JSON.parse(serializeEntryForHtml(failed))).toEqual(failed)
  })
})
