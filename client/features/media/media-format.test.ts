/** A media page's own formats (event ranges, file sizes) read as the shared Intl helpers write, in Uzbek too. */
import { describe, expect, it } from 'vitest'
import { formatEventDates } from './event-dates'
import { formatFileSize } from './file-size'

describe('media formats', () => {
  it('writes event ranges and file sizes in Uzbek', () => {
    expect(formatEventDates('uz', { date_from: '2026-03-12T05:00:00Z', date_to: '2026-03-13T05:00:00Z' })).toBe(
      '12-mart, 2026 – 13-mart, 2026',
    )
    expect(formatFileSize('uz', 1.5 * 1024 * 1024)).toBe('1,5\u00a0MB')
    expect(formatFileSize('uz', 512)).toBe('512\u00a0bayt')
  })
})
