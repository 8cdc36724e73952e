/** Gateway GET URLs used as data keys: the same string is the SWR key, the payload key and the fetch path. */

export type Query = Record<string, string | number | boolean | null | undefined>

/** Builds `/path?k=v` with keys in the given order, skipping empty values, so equal inputs give equal keys. */
export function apiKey(path: string, query: Query = {}): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') search.append(k, String(v))
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}

/** Encodes one path segment of a gateway URL; ids from the address bar never add segments. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value))
}

/**
 * The bearer rule (docs/product.md#bearer): a URL containing "public" never carries the user's token, so its answer
 * never depends on who asks and may be cached.
 */
export function isPublicUrl(url: string): boolean {
  return url.includes('public')
}
