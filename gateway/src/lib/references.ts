/**
 * Human-readable references (docs/decisions/0048-references.md): `{PREFIX}-{year}-{number}`, as `CR-2026-000123` for
 * a contact request and `EV-2026-000045` for an event application. The year is the one the record was made in, in
 * Tashkent; the number is the record's id, at least six digits. A person reads it on the success screen and in the
 * receipt, quotes it, and staff find the record by it in the console. A new kind of record adds its prefix here.
 */

export const REFERENCE_PREFIXES = { contact: 'CR', event: 'EV', enquiry: 'IN' } as const
export type ReferenceKind = keyof typeof REFERENCE_PREFIXES

/** Tashkent is UTC+5 all year. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60_000

/** The year an instant falls in, in Tashkent. */
function tashkentYear(at: string | Date): number {
  return new Date(new Date(at).getTime() + TASHKENT_OFFSET_MS).getUTCFullYear()
}

/** The reference of the record `id` of `kind`, made at `createdAt`. */
export function formatReference(kind: ReferenceKind, id: number, createdAt: string | Date): string {
  return `${REFERENCE_PREFIXES[kind]}-${tashkentYear(createdAt)}-${String(id).padStart(6, '0')}`
}

const REFERENCE = /^([A-Z]{2})[-\s]?(\d{4})[-\s]?(\d{1,10})$/

/**
 * What a typed reference names: its kind, year and id; null when the text is no reference. Case, the hyphens and
 * leading zeros are forgiven (`cr 2026 123` is `CR-2026-000123`).
 */
export function parseReference(text: string): { kind: ReferenceKind; year: number; id: number } | null {
  const m = REFERENCE.exec(text.trim().toUpperCase())
  if (!m) return null
  const [, prefix, year, id] = m as unknown as [string, string, string, string]
  const kind = (Object.keys(REFERENCE_PREFIXES) as ReferenceKind[]).find((k) => REFERENCE_PREFIXES[k] === prefix)
  const n = Number(id)
  return kind && n > 0 ? { kind, year: Number(year), id: n } : null
}

/** The SQL condition matching a reference's year against a record's `created_at` column, in Tashkent. */
export const REFERENCE_YEAR_SQL = (column: string) => `CAST(strftime('%Y', ${column}, '+5 hours') AS INTEGER)`
