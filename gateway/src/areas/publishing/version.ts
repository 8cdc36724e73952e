/**
 * The content version (docs/decisions/0031-publishing.md): a number that changes whenever what readers see changes — a
 * publish, an unpublish, an edit of something published, the cron's publications. The portal's payload cache keys
 * carry it, so the first request after a change, in any isolate, misses the old entries.
 */
import { bumpVersionStatement, FIRST_VERSION, readVersion } from './queries'

/** The current content version. */
export async function readContentVersion(db: D1Database): Promise<number> {
  return (await readVersion(db)) ?? FIRST_VERSION
}

/** The statement that moves the version on (`queries.ts`), for the batch of the change that causes it. */
export const bumpContentVersion = bumpVersionStatement
