import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serializeForHtml } from './serialize'

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
    const value = { title: '</script><script>alert(1)</script>', nested: [{ html: '<!--<script>', sep: '\u2028\u2029' }], n: 1, ok: true, none: null }
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
