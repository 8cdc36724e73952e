/**
 * Same-origin paths, decided in one place (docs/security.md#redirects): where a redirect, a return path, a
 * notification link or a link in gateway HTML may send the browser. A path is same-origin when it starts with one `/`
 * that no `/` or `\` follows, and holds no control character: URL parsers drop tabs and newlines, so `/\t/host`
 * would read as `//host`.
 */
import { isLocale } from '../../contract/locales'

/** True for `/x…`, false for `//host`, `/\host`, schemes, relative paths and control characters. */
export function isSameOriginPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![\\/])/.test(value) && !/[\u0000-\u001f\u007f\\]/.test(value)
}

/** Collapses runs of `/` and `\` and drops control characters, so the result can never read as `//host`. */
export function toSameOriginPath(path: string): string {
  return (
    '/' +
    path
      .replace(/[\u0000-\u001f\u007f]+/g, '')
      .replace(/[\\/]+/g, '/')
      .replace(/^\//, '')
  )
}

const MAX_RETURN_PATH = 1024

/**
 * `value` if it is a same-origin path under a locale prefix (`/en`, `/ru/...`), else null: where a sign-in may send
 * the browser afterwards. Also rejects encoded separators that browsers may normalise and dot segments.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (!value || value.length > MAX_RETURN_PATH || !isSameOriginPath(value)) return null
  if (/%2f|%5c|%00/i.test(value)) return null
  let url: URL
  try {
    url = new URL(value, 'http://portal.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://portal.invalid') return null
  const segments = url.pathname.split('/')
  if (!isLocale(segments[1])) return null
  if (segments.some((s) => s === '..' || s === '.')) return null
  return url.pathname + url.search
}
