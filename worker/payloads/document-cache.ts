/**
 * Files the edge builds from several gateway answers (the Atom feeds, the unfiltered open-data downloads), kept whole in
 * KV under the content version (docs/decisions/0052-feeds-and-downloads.md): a publish moves the version, so the first
 * request after it builds the file anew in every location, and until then each is one KV read, not a dozen upstream
 * calls. The version is read through `contentVersion`, as the payload cache reads it.
 */
import type { Context } from 'hono'
import { PAYLOAD_CACHE_MS } from '../../shared/constants'
import { BUILD_ID } from '../env'
import type { AppEnv } from '../types'
import { contentVersion } from './content-version'

/** What a file is kept as: its text and when it was built. */
type CachedFile = { body: string; builtAt: number }

/** A built file answers for an hour at most, as a payload does: an upstream without versions changes unseen. */
const FILE_TTL_S = PAYLOAD_CACHE_MS / 1000

/** The KV key of a file: build, content version (when the upstream has one) and the file's own name. */
export function fileCacheKey(name: string, version: number | null): string {
  return `file:${BUILD_ID}:${version === null ? '' : `v${version}:`}${name}`
}

/**
 * The file named `name` as it was built at the current content version, else built now with `build` and kept (after
 * the response). `build` answers null for a file it could not build whole (an upstream failure): nothing is kept then,
 * and the caller answers the failure.
 */
export async function cachedFile(
  c: Context<AppEnv>,
  name: string,
  build: () => Promise<string | null>,
): Promise<{ body: string; cache: 'hit' | 'miss' } | null> {
  const key = fileCacheKey(name, await contentVersion(c))
  const kv = c.env.PAYLOADS
  const cached = await kv.get<CachedFile>(key, 'json').catch(() => null)
  if (cached && Date.now() - cached.builtAt < PAYLOAD_CACHE_MS) {
    c.get('cacheOutcomes').push('hit')
    return { body: cached.body, cache: 'hit' }
  }
  const body = await build()
  if (body === null) return null
  const value: CachedFile = { body, builtAt: Date.now() }
  c.executionCtx.waitUntil(kv.put(key, JSON.stringify(value), { expirationTtl: FILE_TTL_S }).catch(() => undefined))
  return { body, cache: 'miss' }
}
