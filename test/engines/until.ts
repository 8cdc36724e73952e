import { setTimeout as sleep } from 'node:timers/promises'

/** How long an element or a state is waited for before a case fails. */
export const WAIT_MS = 10_000

/** Polls `check` until it returns a truthy value; errors while a document is replaced count as not yet. */
export async function until<T>(check: () => Promise<T> | T, what: string, timeout = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value
      last = undefined
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`)
    await sleep(50)
  }
}
