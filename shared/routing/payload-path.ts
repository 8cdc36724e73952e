/**
 * The payload endpoint of a page (docs/architecture.md#navigation): `/en/post/1?x=1` ↔ `/en/post/1/_payload.json?x=1`.
 */

const SUFFIX = '/_payload.json'

/** The payload URL (path and query) of a page URL. */
export function payloadPathOf(pageUrl: { pathname: string; search: string }): string {
  return `${pageUrl.pathname.replace(/\/+$/, '')}${SUFFIX}${pageUrl.search}`
}

/** The page path a payload path stands for, or null when `pathname` is not a payload path. */
export function pagePathOfPayload(pathname: string): string | null {
  return pathname.endsWith(SUFFIX) ? pathname.slice(0, -SUFFIX.length) || '/' : null
}
