import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bindLocale, createI18n, GENERIC_ERROR_KEY, type Messages, translateCode } from './i18n'

const en = {
  greet: 'Hello, {{name}}',
  onlyEn: 'English only',
  nested: { deep: 'Deep' },
  blankElsewhere: 'From English',
}
const ru = { greet: 'Привет, {{name}}', onlyRu: 'Только по-русски', blankElsewhere: '' }
const uz = { greet: 'Salom, {{name}}', blankElsewhere: '' }

describe('createI18n', () => {
  it('translates in the locale passed to each call', () => {
    const i18n = createI18n({ en, ru, uz })
    expect(i18n.t('ru', 'greet', { name: 'Ali' })).toBe('Привет, Ali')
    expect(i18n.t('uz', 'greet', { name: 'Ali' })).toBe('Salom, Ali')
    expect(i18n.t('en', 'nested.deep')).toBe('Deep')
  })

  it('gives the right strings when two locales are interleaved', async () => {
    const i18n = createI18n({ en, ru })
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const locale = i % 2 ? 'ru' : 'en'
        await Promise.resolve()
        return [locale, i18n.t(locale, 'greet', { name: String(i) })] as const
      }),
    )
    for (const [i, [locale, text]] of results.entries())
      expect(text).toBe(locale === 'ru' ? `Привет, ${i}` : `Hello, ${i}`)
  })

  it('falls back across locales for a missing key', () => {
    const i18n = createI18n({ en, ru, uz })
    expect(i18n.t('uz', 'onlyRu')).toBe('Только по-русски')
    expect(i18n.t('uz', 'onlyEn')).toBe('English only')
    expect(i18n.t('ru', 'onlyEn')).toBe('English only')
    expect(i18n.t('en', 'onlyRu')).toBe('Только по-русски')
  })

  it('never returns an empty string: empty messages fall back, unknown keys give the key', () => {
    const i18n = createI18n({ en, ru, uz })
    expect(i18n.t('uz', 'blankElsewhere')).toBe('From English')
    expect(i18n.t('ru', 'blankElsewhere')).toBe('From English')
    expect(i18n.t('en', 'no.such.key')).toBe('no.such.key')
    expect(i18n.t('en', 'nested')).toBe('nested')
  })

  it('skips locales that are not loaded yet and uses them once added', () => {
    const i18n = createI18n({ en })
    expect(i18n.loaded('ru')).toBe(false)
    expect(i18n.t('ru', 'greet', { name: 'A' })).toBe('Hello, A')
    i18n.add('ru', ru)
    expect(i18n.loaded('ru')).toBe(true)
    expect(i18n.t('ru', 'greet', { name: 'A' })).toBe('Привет, A')
  })

  it('reports whether a locale has its own message for a key', () => {
    const i18n = createI18n({ en, ru })
    expect(i18n.has('ru', 'onlyRu')).toBe(true)
    expect(i18n.has('ru', 'onlyEn')).toBe(false)
    expect(i18n.has('uz', 'greet')).toBe(false)
  })

  it('binds a locale for component use', () => {
    const t = bindLocale(createI18n({ en, ru }), 'ru')
    expect(t('greet', { name: 'Bo' })).toBe('Привет, Bo')
  })
})

describe('translateCode', () => {
  const messages = (locale: 'en' | 'ru' | 'uz') =>
    JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Messages

  it('reads a known gateway result code in the page’s language', () => {
    const i18n = createI18n({ en: messages('en'), ru: messages('ru'), uz: messages('uz') })
    expect(translateCode(bindLocale(i18n, 'ru'), 'too_many_attempts')).toBe(
      ((messages('ru').messages as Messages).error as Messages).too_many_attempts,
    )
  })

  it('reads a code nobody translated as the generic message in every language, never as a raw key', () => {
    const i18n = createI18n({ en: messages('en'), ru: messages('ru'), uz: messages('uz') })
    for (const locale of ['en', 'ru', 'uz'] as const) {
      const text = translateCode(bindLocale(i18n, locale), 'brand_new_upstream_code')
      expect(text).toBe(i18n.t(locale, GENERIC_ERROR_KEY))
      expect(text).not.toContain('brand_new_upstream_code')
      expect(text).not.toContain('messages.error')
    }
  })
})
