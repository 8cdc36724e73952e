import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bindLocale, createI18n, type Messages } from './i18n'
import { pluralKey } from './plural'

describe('plural forms', () => {
  it('picks Russian’s one, few and many forms by the number', () => {
    const ru = JSON.parse(readFileSync('locales/ru.json', 'utf8')) as Messages
    const t = bindLocale(createI18n({ ru }), 'ru')
    const found = (count: number) => t(pluralKey('site.search.found', count, 'ru'), { count, keyword: 'проект' })
    expect(found(1)).toBe('Найден 1 результат по запросу «проект»')
    expect(found(21)).toBe('Найден 21 результат по запросу «проект»')
    expect(found(3)).toBe('Найдено 3 результата по запросу «проект»')
    expect(found(5)).toBe('Найдено 5 результатов по запросу «проект»')
    expect(found(11)).toBe('Найдено 11 результатов по запросу «проект»')
  })

  it('uses one and other in English and Uzbek', () => {
    expect(pluralKey('x', 1, 'en')).toBe('x_one')
    expect(pluralKey('x', 2, 'en')).toBe('x_other')
    expect(['x_one', 'x_other']).toContain(pluralKey('x', 1, 'uz'))
    expect(pluralKey('x', 7, 'uz')).toBe('x_other')
  })
})
