import { describe, expect, it } from 'vitest'
import { afterSignIn, safeReturnPath } from './return-path'

describe('safeReturnPath', () => {
  it.each(['/en', '/en/profile', '/ru/profile/appeals/3?tab=x', '/uz/guide/project'])('keeps the portal path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path)
  })

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

  it('falls back to the profile in the page’s language', () => {
    expect(afterSignIn('//evil.example', 'ru')).toBe('/ru/profile')
    expect(afterSignIn(undefined, 'uz')).toBe('/uz/profile')
    expect(afterSignIn('/en/profile/appeals', 'uz')).toBe('/en/profile/appeals')
  })
})
