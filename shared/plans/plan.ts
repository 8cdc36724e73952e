/** The edge's reading of a data plan (`definePlan` in `api-keys.ts`): which keys to await and which to stream. */
import type { Key, PlanKeys, PlanResult } from '../keys/api-keys'

/**
 * The keys the edge loads for a plan's result: critical first, in the plan's order, then the deferred ones; and the
 * critical ones whose 404 does not make the page one (`optional`).
 */
export type PlannedKeys = Readonly<{
  critical: readonly Key<unknown>[]
  deferred: readonly Key<unknown>[]
  optional: readonly Key<unknown>[]
}>

export function splitKeys(result: PlanResult<PlanKeys>): PlannedKeys {
  const deferred = new Set<string>(result.deferred ?? [])
  const critical: Key<unknown>[] = []
  const later: Key<unknown>[] = []
  const optionalNames = new Set<string>(result.optional ?? [])
  const optional: Key<unknown>[] = []
  for (const [name, key] of Object.entries(result.keys)) {
    if (key === undefined) continue
    ;(deferred.has(name) ? later : critical).push(key)
    if (optionalNames.has(name) && !deferred.has(name)) optional.push(key)
  }
  return { critical, deferred: later, optional }
}
