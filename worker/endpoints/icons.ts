/**
 * `GET /_app/icons?names=a,b,c`: the requested icons as SVG markup, cacheable for a year (docs/decisions/0011-icons.md).
 */
import type { Context } from 'hono'
import { EXTRA_ICONS, ICONS } from '../../client/server'

const MAX_NAMES = 64

function svg(path: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`
}

export function serveIcons(c: Context) {
  const names = (c.req.query('names') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => /^[a-z0-9-]{1,40}$/.test(n))
    .slice(0, MAX_NAMES)
  const body: Record<string, string> = {}
  for (const name of names) {
    const path = Object.hasOwn(ICONS, name)
      ? ICONS[name]
      : Object.hasOwn(EXTRA_ICONS, name)
        ? EXTRA_ICONS[name]
        : undefined
    if (path) body[name] = svg(path)
  }
  c.header('cache-control', 'public, max-age=31536000, immutable')
  return c.json(body)
}
