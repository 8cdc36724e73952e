import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bindLocale, createI18n, type Messages } from '../../shared/i18n/i18n'
import { noticeText } from './notify'

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Messages & {
  messages: { error: Record<string, string> }
}
const t = bindLocale(createI18n({ en }), 'en')

describe('noticeText (the gateway-failure toast)', () => {
  it('translates a known code and shows a raw description as it came', () => {
    expect(noticeText(t, { translate: true, key: 'messages.error.too_many_attempts' })).toBe(
      en.messages.error.too_many_attempts,
    )
    expect(noticeText(t, { translate: false, text: 'Maintenance until 14:00' })).toBe('Maintenance until 14:00')
  })

  it('shows the translated generic message for a code the locales do not know, never the raw key', () => {
    const text = noticeText(t, { translate: true, key: 'messages.error.quota_exceeded_v2' })
    expect(text).toBe(en.messages.error.internal_error)
    expect(text).not.toContain('quota_exceeded_v2')
  })
})
