/**
 * A stylesheet as rules the edge can pick per document (docs/architecture.md): each style rule with the classes its
 * selectors need, each conditional group (`@media`, `@supports`, `@container`, `@layer`) with its own rules. The build
 * parses the minified sheets (`parseCssRules`); the edge keeps the rules whose classes a document uses
 * (`pickCssRules`). A rule the document's classes cannot match is left out; it can match nothing on the page as drawn.
 */

/** A style rule: its text and, per selector, the classes it needs (null: always, e.g. `:root`, `a`, `@font-face`). */
export type CssRule =
  | readonly [text: string, needs: readonly (readonly string[])[] | null]
  | readonly [prelude: string, rules: readonly CssRule[], group: 1]

/** At-rules whose block holds rules to pick from; any other block (`@keyframes`, `@font-face`…) is kept whole. */
const GROUPS = /^@(media|supports|container|layer)\b/

/** Classes whose selectors always stay: state that script sets on elements the edge drew (`is-open`, `has-error`). */
const STATE_CLASS = /^(is|has)-/

/** Parses minified CSS (no comments) into rules; strings and nested parentheses are respected. */
export function parseCssRules(css: string): CssRule[] {
  const rules: CssRule[] = []
  let i = 0
  while (i < css.length) {
    const open = findTopLevel(css, i, '{')
    if (open < 0) break
    const close = matchingBrace(css, open)
    const prelude = css.slice(i, open).trim()
    const body = css.slice(open + 1, close)
    if (prelude.startsWith('@')) {
      if (GROUPS.test(prelude)) rules.push([prelude, parseCssRules(body), 1])
      else rules.push([`${prelude}{${body}}`, null])
    } else if (prelude) rules.push([`${prelude}{${body}}`, needsOf(prelude)])
    i = close + 1
    // A statement at-rule (`@import`, `@charset`) ends with `;` before the next rule.
    while (css[i] === ';') i++
  }
  return rules
}

/**
 * The rules' text for a document whose elements carry `classes`. A modifier counts as present when what it modifies
 * is on the page (`badge--neutral` with `badge`): script may switch the modifiers of elements the edge drew (a closed
 * lot's badge). Parts drawn later (a menu's open panel) come with the whole sheets (`client/runtime/full-styles.ts`).
 * Print-only groups are left out: the document links the whole sheet for print (`hasPrintRules`), which no screen
 * waits for.
 */
export function pickCssRules(rules: readonly CssRule[], classes: ReadonlySet<string>): string {
  const bases = new Set<string>()
  for (const c of classes) bases.add(unmodified(c))
  return pick(rules, (c) => classes.has(c) || bases.has(unmodified(c)))
}

/** `@media print{…}` (or `@media print and …`): rules for paper only. */
const PRINT_ONLY = /^@media\s+print(\s+and\b|\s*$)/

/** Whether a sheet has print-only groups, which `pickCssRules` leaves to a print stylesheet link. */
export function hasPrintRules(rules: readonly CssRule[]): boolean {
  return rules.some((rule) => rule.length === 3 && PRINT_ONLY.test(rule[0]))
}

function pick(rules: readonly CssRule[], present: (c: string) => boolean): string {
  let out = ''
  for (const rule of rules) {
    if (rule.length === 3) {
      if (PRINT_ONLY.test(rule[0])) continue
      const inner = pick(rule[1], present)
      if (inner) out += `${rule[0]}{${inner}}`
    } else if (!rule[1] || rule[1].some((alternative) => alternative.every(present))) out += rule[0]
  }
  return out
}

/** `card__title--large` → `card__title`. */
function unmodified(c: string): string {
  const modifier = c.indexOf('--')
  return modifier < 0 ? c : c.slice(0, modifier)
}

/** The classes each selector of a list needs: those outside functional pseudo-classes, state classes aside. */
function needsOf(selectorList: string): string[][] | null {
  const alternatives = splitTopLevel(selectorList, ',').map((selector) => {
    const outside = stripParentheses(selector)
    return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!).filter((c) => !STATE_CLASS.test(c))
  })
  // A selector that needs no class at all can match any document: the rule stays.
  return alternatives.some((a) => a.length === 0) ? null : alternatives
}

function stripParentheses(selector: string): string {
  let out = ''
  let depth = 0
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!
    if (ch === '"' || ch === "'") {
      const end = selector.indexOf(ch, i + 1)
      i = end < 0 ? selector.length : end
      continue
    }
    if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    else if (depth === 0) out += ch
  }
  return out
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '"' || ch === "'") {
      const end = text.indexOf(ch, i + 1)
      i = end < 0 ? text.length : end
    } else if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

function findTopLevel(css: string, from: number, target: string): number {
  for (let i = from; i < css.length; i++) {
    const ch = css[i]!
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, i + 1)
      i = end < 0 ? css.length : end
    } else if (ch === target) return i
  }
  return -1
}

function matchingBrace(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    const ch = css[i]!
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, i + 1)
      i = end < 0 ? css.length : end
    } else if (ch === '{') depth++
    else if (ch === '}' && --depth === 0) return i
  }
  throw new Error(`unbalanced CSS block at ${open}`)
}

/**
 * The classes of a document's elements, read from its `class` attributes. It runs on every document rendered, over the
 * whole of it (docs/performance.md#budgets): a scan by `indexOf`, each distinct attribute value split once (a page
 * repeats a few dozen values hundreds of times).
 */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>()
  const values = new Set<string>()
  for (let at = html.indexOf('class="'); at >= 0; at = html.indexOf('class="', at)) {
    const start = at + 7
    const end = html.indexOf('"', start)
    if (end < 0) break
    at = end + 1
    // An attribute of its own (`data-class="…"` is another), after the whitespace that ends the one before.
    if (!isWhitespace(html.charCodeAt(start - 8))) continue
    const value = html.slice(start, end)
    if (values.has(value)) continue
    values.add(value)
    for (const c of value.split(/\s+/)) if (c) classes.add(c)
  }
  return classes
}

/** HTML's whitespace between attributes: space, tab, line feed, form feed, carriage return. */
function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13
}
