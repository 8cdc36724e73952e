/** Dates and numbers read the same on the edge and in any browser, in each language (Uzbek by CLDR's uz-Latn). */
import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatTime } from './format'

// 13:00 UTC is 18:00 in Tashkent (UTC+5) on Friday 4 December 2026.
const MOMENT = '2026-12-04T13:00:00Z'

describe('Uzbek formatting', () => {
  it('writes dates with Uzbek month and weekday names in Tashkent time', () => {
    expect(formatDate('uz', MOMENT, 'long')).toBe('4-dekabr, 2026')
    expect(formatDate('uz', MOMENT, 'medium')).toBe('4-dek, 2026')
    expect(formatDate('uz', '2026-06-15T09:00:00Z', 'medium')).toBe('15-iyn, 2026')
    expect(formatDate('uz', '2026-07-15T09:00:00Z', 'medium')).toBe('15-iyl, 2026')
    expect(formatDate('uz', '2026-09-15T09:00:00Z', 'medium')).toBe('15-sen, 2026')
    expect(formatDate('uz', MOMENT, 'short')).toBe('04/12/26')
    expect(formatDate('uz', MOMENT, 'full')).toBe('juma, 4-dekabr, 2026')
    expect(formatDateTime('uz', MOMENT)).toBe('4-dekabr, 2026, 18:00')
    expect(formatTime('uz', MOMENT)).toBe('18:00')
    // 20:30 UTC on 31 December is already 1 January in Tashkent.
    expect(formatDate('uz', '2026-12-31T20:30:00Z')).toBe('1-yanvar, 2027')
  })

  it('groups digits with no-break spaces, uses a decimal comma and Uzbek compact units', () => {
    expect(formatNumber('uz', 1234567.5)).toBe('1\u00a0234\u00a0567,5')
    expect(formatNumber('uz', 1_234_567_890, { compact: true })).toBe('1,2\u00a0mlrd')
    expect(formatNumber('uz', 45_000_000, { compact: true })).toBe('45\u00a0mln')
    expect(formatNumber('uz', 12_000, { compact: true })).toBe('12\u00a0ming')
    expect(formatPercent('uz', 5.6)).toBe('5,6%')
    expect(formatMoney('uz', 1234567, 'UZS')).toBe('1\u00a0234\u00a0567\u00a0UZS')
  })
})

describe('Russian and English formatting', () => {
  it('keeps Intl’s own patterns', () => {
    expect(formatDate('ru', MOMENT)).toBe('4 декабря 2026 г.')
    expect(formatDate('en', MOMENT)).toBe('4 December 2026')
    expect(formatNumber('ru', 1_234_567_890, { compact: true })).toBe('1,2\u00a0млрд')
    expect(formatMoney('en', 1234567, 'USD')).toBe('USD\u00a01,234,567')
  })
})
