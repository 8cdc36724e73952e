/**
 * A record's human-readable reference (docs/decisions/0048-references.md), `CR-2026-000123`: the upstream answers it
 * when a form creates something, and the success screen shows it.
 */

/** Two letters, the year, a number of at least six digits. */
const REFERENCE = /^[A-Z]{2}-\d{4}-\d{6,10}$/

/** The reference an upstream answered or a URL carried, when it looks like one; '' otherwise. */
export function readReference(value: unknown): string {
  return typeof value === 'string' && REFERENCE.test(value) ? value : ''
}
