import { describe, expect, it } from 'vitest'
import { isSameOriginPath, safeReturnPath, toSameOriginPath } from './safe-path'

describe('safeReturnPath', () => {
  it.each(['/en', '/en/profile', '/ru/profile/appeals/3?tab=x', '/uz/guide/project'])(
    'keeps the portal path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path)
    },
  )

  it.each([
    ['protocol-relative', '//evil.example/en'],
    ['backslash', '/\\evil.example/en'],
    ['absolute URL', 'https://evil.example/en'],
    ['javascript URL', 'javascript:alert(1)'],
    ['no locale', '/profile'],
    ['unknown locale', '/de/profile'],
    ['encoded slash', '/en/%2F%2Fevil.example'],
    ['control character', '/en/\nprofile'],
    ['dot segments', '/en/../../etc'],
    ['empty', ''],
  ])('refuses a %s path', (_name, path) => {
    expect(safeReturnPath(path)).toBeNull()
  })
})

describe('isSameOriginPath', () => {
  it.each(['/', '/en', '/en/profile?x=1', '/gateway/document/public/file/3'])('accepts %s', (path) => {
    expect(isSameOriginPath(path)).toBe(true)
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/en\n',
    'https://evil.example',
    'en/profile',
    '',
    null,
    7,
  ])('refuses %j', (value) => {
    expect(isSameOriginPath(value)).toBe(false)
  })
})

describe('toSameOriginPath', () => {
  it('collapses runs of slashes and backslashes so the result never reads as a host', () => {
    for (const input of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '///evil.example/x',
      '/x//\\evil.example',
    ]) {
      const out = toSameOriginPath(input)
      expect(out, input).toMatch(/^\/(?![\\/])/)
      expect(out).not.toContain('\\')
      expect(out).not.toContain('//')
    }
  })

  it('drops control characters that URL parsers strip, so a newline cannot join two slashes', () => {
    for (const input of ['/\n/evil.example', '/\t/evil.example', '\r\n/evil.example', '/\u0000/evil.example']) {
      const out = toSameOriginPath(input)
      expect(out, JSON.stringify(input)).toBe('/evil.example')
      expect(new URL(out, 'http://portal.test').origin).toBe('http://portal.test')
    }
  })
})
