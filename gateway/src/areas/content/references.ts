/**
 * Ids the forms refer to (a region, a country, a sector, a project category), checked against D1 as it is
 * now: the records are the agency's to add and remove, so no list is built into the worker
 * (docs/gateway-contract.md#reference-gateway). One indexed lookup per id a request names, never cached: an id an
 * editor just added is valid at once.
 */
import * as v from 'valibot'
import { type ReferenceTable, referenceExists } from './queries'

/** A validation of an id (after `IdSchema`) that fails unless a row of `table` has it. */
export function knownIn(db: D1Database, table: ReferenceTable) {
  return v.checkAsync((id: number) => referenceExists(db, table, id))
}
