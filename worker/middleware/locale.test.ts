import { describe, expect, it } from 'vitest'
import { pickFromAcceptLanguage } from './locale'

describe('pickFromAcceptLanguage', () => {
  it('returns null without a header or without a supported language', () => {
    expect(pickFromAcceptLanguage(undefined)).toBeNull()
    expect(pickFromAcceptLanguage('')).toBeNull()
    expect(pickFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.8')).toBeNull()
    expect(pickFromAcceptLanguage('*')).toBeNull()
  })

  it('picks the supported language with the highest q-value, whatever its position', () => {
    expect(pickFromAcceptLanguage('en;q=0.5, ru;q=0.8, uz;q=0.7')).toBe('ru')
    expect(pickFromAcceptLanguage('de, en;q=0.3, uz;q=0.9')).toBe('uz')
  })

  it('keeps header order between equal q-values', () => {
    expect(pickFromAcceptLanguage('uz, ru, en')).toBe('uz')
    expect(pickFromAcceptLanguage('ru;q=0.5, en;q=0.5')).toBe('ru')
  })

  it('matches region and script subtags to their language', () => {
    expect(pickFromAcceptLanguage('ru-RU,ru;q=0.9')).toBe('ru')
    expect(pickFromAcceptLanguage('uz-Latn-UZ')).toBe('uz')
    expect(pickFromAcceptLanguage('EN-gb')).toBe('en')
  })

  it('skips languages refused with q=0 and unparsable q-values', () => {
    expect(pickFromAcceptLanguage('en;q=0, ru;q=0.1')).toBe('ru')
    expect(pickFromAcceptLanguage('uz;q=0.0, de')).toBeNull()
  })

  it('tolerates whitespace and empty entries', () => {
    expect(pickFromAcceptLanguage(' , fr ;q=0.9 ,  ru ; q=0.8 ,')).toBe('ru')
  })
})
