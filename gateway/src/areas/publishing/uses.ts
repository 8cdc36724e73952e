/**
 * What points at an item (docs/gateway-contract.md#operator-bin): a delete, or a save that removes a child, is refused
 * with 409 `in_use` while records point at it, naming them (`used_by`: which records, how many), so the operator knows
 * what to change first.
 */
import { GatewayError } from '../../lib/envelope'
import type { Use } from './kinds'
import { countReferences, countReferencesAny } from './queries'

/** Records of one sort that point at the items, and how many. */
export type UsedBy = { what: string; count: number }

/** The records of each sort `uses` names that point at any of `ids`; empty when none does. */
export async function usesOf(db: D1Database, uses: readonly Use[], ids: readonly number[]): Promise<UsedBy[]> {
  if (!ids.length) return []
  const counts = new Map<string, number>()
  for (const use of uses) {
    const n = await countReferences(db, use.table, use.column, ids)
    if (n) counts.set(use.what, (counts.get(use.what) ?? 0) + n)
  }
  return [...counts].map(([what, count]) => ({ what, count }))
}

/**
 * The records that point at any of several sets of items (an item and what would go with it: a topic and its types),
 * each record counted once however many of the items it points at.
 */
export async function usesOfAll(
  db: D1Database,
  sets: readonly { uses: readonly Use[]; ids: readonly number[] }[],
): Promise<UsedBy[]> {
  const byTable = new Map<
    string,
    { table: string; what: string; columns: { column: string; ids: readonly number[] }[] }
  >()
  for (const { uses, ids } of sets) {
    if (!ids.length) continue
    for (const use of uses) {
      const key = `${use.table} ${use.what}`
      const group = byTable.get(key) ?? { table: use.table, what: use.what, columns: [] }
      group.columns.push({ column: use.column, ids })
      byTable.set(key, group)
    }
  }
  const counts = new Map<string, number>()
  for (const group of byTable.values()) {
    const n = await countReferencesAny(db, group.table, group.columns)
    if (n) counts.set(group.what, (counts.get(group.what) ?? 0) + n)
  }
  return [...counts].map(([what, count]) => ({ what, count }))
}

/** The refusal of a removal while records point at what would go. */
export function inUse(usedBy: readonly UsedBy[]): GatewayError {
  return new GatewayError(409, 'in_use', 'in_use', undefined, { used_by: usedBy })
}
