/** D1 helpers shared by the write routes. */

/**
 * Inserts one row and returns its id. `row` maps column names (written in code, never from input) to values, so a
 * form's columns and their values stand side by side instead of in two lists that must agree by position.
 */
export async function insertRow(db: D1Database, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row)
  const inserted = await db
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`)
    .bind(...columns.map((column) => row[column] ?? null))
    .first<{ id: number }>()
  return inserted!.id
}
