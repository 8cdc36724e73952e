/**
 * CSV (RFC 4180) for the inbox's export: every field quoted, quotes doubled, and a field a spreadsheet would run as a
 * formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return) prefixed with an apostrophe, so a visitor's
 * text cannot become a formula on an operator's machine (OWASP, CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/

function field(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** The rows as CSV text, lines ending in CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}
