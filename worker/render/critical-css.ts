/**
 * The CSS a complete document inlines: of the shell's sheet and the area sheets it declares, the rules its elements'
 * classes can match (`shared/markup/css-rules.ts`), not the whole sheets (docs/architecture.md). The browser links the
 * whole sheets before it draws anything new (`client/runtime/full-styles.ts`). A streamed document, whose classes are not
 * known when its head is sent, inlines the whole sheets.
 */
import manifest from 'virtual:client-manifest'
import { type CssRule, classesOf, pickCssRules } from '../../shared/markup/css-rules'
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

/** The document with each CSS mark replaced by the rules its classes can match; null stays null. */
export function inlineCriticalCss(html: string | null): string | null {
  if (html === null) return null
  const classes = classesOf(html)
  const key = [...classes].sort().join(' ')
  let out = html.replace(SHELL_CSS_MARK, () => pick('shell', manifest.cssRules, classes, key))
  for (const name of SHEET_NAMES) {
    const mark = SHEET_CSS_MARKS[name]
    if (out.includes(mark)) out = out.replace(mark, () => pick(name, manifest.sheets[name].rules, classes, key))
  }
  return out
}
