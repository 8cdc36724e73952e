/** D1 helpers shared by the write routes. */

/**
 * The statement inserting one row and returning its id. `row` maps column names (written in code, never from input)
 * to values, so a form's columns and their values stand side by side instead of in two lists that must agree by
 * position.
 */
export function insertStatement(db: D1Database, table: string, row: Record<string, unknown>): D1PreparedStatement {
  const columns = Object.keys(row)
  return db
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`)
    .bind(...columns.map((column) => row[column] ?? null))
}

/** Inserts one row (see `insertStatement`) and returns its id. */
export async function insertRow(db: D1Database, table: string, row: Record<string, unknown>): Promise<number> {
  const inserted = await insertStatement(db, table, row).first<{ id: number }>()
  return inserted!.id
}
