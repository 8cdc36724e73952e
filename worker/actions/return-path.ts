/** Where a sign-in may send the browser afterwards: only a path of this portal under a locale prefix, never off-site. */
import { isLocale, type Locale } from '../../shared/constants'
import { href } from '../../shared/match'

const MAX_LENGTH = 1024

/**
 * `value` if it is a same-origin path that starts with a single `/` and a locale (`/en`, `/ru/...`), else null.
 * Rejects `//host`, `/\host`, schemes, control characters and encoded separators that browsers may normalise.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (!value || value.length > MAX_LENGTH) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  if (/[\\\u0000-\u001f\u007f]|%2f|%5c|%00/i.test(value)) return null
  let url: URL
  try {
    url = new URL(value, 'http://portal.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://portal.invalid') return null
  const first = url.pathname.split('/')[1]
  if (!isLocale(first)) return null
  if (url.pathname.split('/').some((s) => s === '..' || s === '.')) return null
  return url.pathname + url.search
}

/** The page after a successful sign-in: the safe return path, or the profile. */
export function afterSignIn(value: string | undefined | null, locale: Locale): string {
  return safeReturnPath(value) ?? href('profile', { locale })
}
