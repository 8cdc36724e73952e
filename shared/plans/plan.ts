/** The edge's reading of a data plan (`definePlan` in `api-keys.ts`): which keys to await and which to stream. */
import type { PlanKeys, PlanResult } from '../api-keys'

/**
 * The keys the edge loads for a plan's result: critical first, in the plan's order, then the deferred ones; and the
 * critical ones whose 404 does not make the page one (`optional`).
 */
export type PlannedKeys = Readonly<{
  critical: readonly string[]
  deferred: readonly string[]
  optional: readonly string[]
}>

export function splitKeys(result: PlanResult<PlanKeys>): PlannedKeys {
  const deferred = new Set<string>(result.deferred ?? [])
  const critical: string[] = []
  const later: string[] = []
  const optionalNames = new Set<string>(result.optional ?? [])
  const optional: string[] = []
  for (const [name, key] of Object.entries(result.keys)) {
    if (key === undefined) continue
    ;(deferred.has(name) ? later : critical).push(key)
    if (optionalNames.has(name) && !deferred.has(name)) optional.push(key)
  }
  return { critical, deferred: later, optional }
}
