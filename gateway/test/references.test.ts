/**
 * The one reference scheme (docs/decisions/0048-references.md): what a person reads on the success screen and in the
 * receipt, and types back to staff, names the record it was made for.
 */
import { describe, expect, it } from 'vitest'
import { formatReference, parseReference, REFERENCE_PREFIXES } from '../src/lib/references'

describe('references', () => {
  it('names the record by its prefix, its year in Tashkent and its id of at least six digits', () => {
    expect(formatReference('contact', 123, '2026-03-01T10:00:00Z')).toBe('CR-2026-000123')
    expect(formatReference('event', 45, new Date('2026-07-01T00:00:00Z'))).toBe('EV-2026-000045')
    expect(formatReference('event', 1_234_567, '2026-07-01T00:00:00Z')).toBe('EV-2026-1234567')
    // 21:00 UTC on New Year's Eve is already the next year in Tashkent (UTC+5).
    expect(formatReference('contact', 7, '2026-12-31T21:00:00Z')).toBe('CR-2027-000007')
  })

  it('reads back what a person types, forgiving case, spaces, hyphens and leading zeros', () => {
    for (const typed of ['CR-2026-000123', 'cr 2026 123', ' cr2026000123 ', 'Cr-2026-123'])
      expect(parseReference(typed), typed).toEqual({ kind: 'contact', year: 2026, id: 123 })
    expect(parseReference('EV-2026-000045')).toEqual({ kind: 'event', year: 2026, id: 45 })
  })

  it('answers null for text that is no reference of a known kind', () => {
    for (const typed of ['', 'Rashidova', 'XX-2026-000001', 'CR-2026-000000', 'CR-26-000001', '123'])
      expect(parseReference(typed), typed).toBeNull()
  })

  it('gives every kind its own two-letter prefix', () => {
    const prefixes = Object.values(REFERENCE_PREFIXES)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    for (const p of prefixes) expect(p).toMatch(/^[A-Z]{2}$/)
  })
})
