/**
 * The CSS a complete document inlines: of the shell's sheet and the area sheets it declares, the rules its elements'
 * classes can match (`shared/markup/css-rules.ts`), not the whole sheets (docs/architecture.md). The browser links the
 * whole sheets before it draws anything new (`client/runtime/full-styles.ts`). A streamed document, whose classes are not
 * known when its head is sent, inlines the whole sheets.
 */
import manifest from 'virtual:client-manifest'
import { type CssRule, classesOf, hasPrintRules, pickCssRules } from '../../shared/markup/css-rules'
import { SHEET_NAMES, type SheetName } from '../../shared/state/state'

/** What a complete render writes where the shell's CSS goes, and each area sheet's. */
export const SHELL_CSS_MARK = '/*critical:shell*/'
export const SHEET_CSS_MARKS = Object.fromEntries(
  SHEET_NAMES.map((name) => [name, `/*critical:${name}*/`]),
) as Readonly<Record<SheetName, string>>

/** Picked rules by sheet and class set: most documents of a route use the same classes. */
const picked = new Map<string, string>()
const PICKED_MAX = 400

function pick(sheet: string, rules: readonly CssRule[], classes: ReadonlySet<string>, key: string): string {
  const cacheKey = `${sheet} ${key}`
  let css = picked.get(cacheKey)
  if (css === undefined) {
    css = pickCssRules(rules, classes)
    if (picked.size >= PICKED_MAX) picked.delete(picked.keys().next().value!)
    picked.set(cacheKey, css)
  }
  return css
}

/** A replacement in a document: `text` in place of `[at, end)`. */
export type Edit = Readonly<{ at: number; end: number; text: string }>

/**
 * Where each CSS mark in the head (`[0, headEnd)`) is replaced by the rules the document's classes can match. The marks
 * stand in the head (the shell's `<style>` and React's hoisted area sheets), so they are looked for there, a few KiB,
 * and not in the whole document: this runs on every document rendered (docs/performance.md#budgets). `known`: the
 * document's classes when its pieces already told them (`section-memory.ts`), else its HTML is scanned.
 */
export function criticalCssEdits(html: string, headEnd: number, known?: ReadonlySet<string> | null): Edit[] {
  const classes = known ?? classesOf(html)
  const key = [...classes].sort().join(' ')
  const head = html.slice(0, headEnd)
  const edits: Edit[] = []
  const add = (edit: Edit | null) => edit && edits.push(edit)
  add(inline(head, SHELL_CSS_MARK, 'shell', manifest.cssRules, manifest.css[0], classes, key))
  for (const name of SHEET_NAMES) {
    const { rules, href } = manifest.sheets[name]
    add(inline(head, SHEET_CSS_MARKS[name], name, rules, href, classes, key))
  }
  return edits
}

/**
 * `mark` (the whole text of a `<style>`) replaced with the picked rules; a sheet with print-only rules, which picking
 * leaves out, is then linked for print right after its `<style>`: the browser fetches it without holding the first
 * paint, and a printout, with or without JavaScript, gets the print styles (docs/product.md#print).
 */
function inline(
  head: string,
  mark: string,
  sheet: string,
  rules: readonly CssRule[],
  href: string | undefined,
  classes: ReadonlySet<string>,
  key: string,
): Edit | null {
  const at = head.indexOf(mark)
  if (at < 0) return null
  let css = pick(sheet, rules, classes, key)
  let end = at + mark.length
  if (href && hasPrintRules(rules) && head.startsWith('</style>', end)) {
    css += `</style><link rel="stylesheet" media="print" href="${href}"/>`
    end += '</style>'.length
  }
  return { at, end, text: css }
}
