/**
 * The allow-list HTML parser behind `HtmlContent` (docs/decisions/0006-adopted-html.md): plain TypeScript returning a
 * node tree, rendered as React
 * elements. It runs identically on the edge (no DOM) and in the browser; nothing is ever set as raw HTML from it, so
 * React escapes every text and attribute it outputs.
 */

import { createElement, type ReactNode } from 'react'
import { resolveHref } from '../../contract/html-href'
import type { Locale } from '../../contract/locales'
import { decodeEntities } from '../../shared/markup/html-text'
import { splitLocale, switchLocalePath } from '../../shared/routing/match'

type SafeTag =
  | 'p'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'ul'
  | 'ol'
  | 'li'
  | 'strong'
  | 'em'
  | 'b'
  | 'i'
  | 'a'
  | 'br'
  | 'blockquote'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td'
  | 'figure'
  | 'figcaption'
  | 'img'
type SafeElement = { tag: SafeTag; attrs: Readonly<Record<string, string>>; children: SafeNode[] }
export type SafeNode = string | SafeElement

const ALLOWED: ReadonlySet<string> = new Set<SafeTag>([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'br',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'img',
])
/** The page owns its h1; deeper headings than h4 read as h4. */
const RENAMED: Readonly<Record<string, SafeTag>> = { h1: 'h2', h5: 'h4', h6: 'h4' }
const VOID: ReadonlySet<string> = new Set([
  'br',
  'img',
  'hr',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'param',
  'source',
  'track',
  'wbr',
])
/** Elements whose content is not markup: skipped up to their end tag, text included. */
const RAW_TEXT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
])
/** Elements dropped with everything inside them; other unknown tags are unwrapped and keep their text. */
const DROPPED: ReadonlySet<string> = new Set([
  'template',
  'svg',
  'math',
  'object',
  'applet',
  'select',
  'head',
  'frameset',
  'canvas',
  'audio',
  'video',
  'button',
])
/** Allowed elements that may not sit inside a <p> (the browser would close the paragraph and break hydration). */
const CLOSES_P: ReadonlySet<string> = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'figure',
  'figcaption',
])
const HEADINGS: ReadonlySet<string> = new Set(['h2', 'h3', 'h4'])
const PHRASING: ReadonlySet<string> = new Set(['strong', 'em', 'b', 'i', 'a'])
const TABLE_SECTIONS: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tr'])
const CELL_BOUNDARIES: ReadonlySet<string> = new Set(['table', 'td', 'th'])
const NO_BOUNDARIES: ReadonlySet<string> = new Set()
const MAX_DEPTH = 32

function pickAttrs(tag: SafeTag, raw: Record<string, string>, origin: string): Record<string, string> | null {
  const attrs: Record<string, string> = {}
  const digits = (name: string, max: number) => {
    const v = raw[name]?.trim()
    if (v && /^\d+$/.test(v) && v.length <= max && Number(v) > 0) attrs[name] = String(Number(v))
  }
  switch (tag) {
    case 'a': {
      const target = raw.href === undefined ? null : resolveHref(raw.href, origin, 'link')
      if (target === null) return null
      attrs.href = target.href
      break
    }
    case 'img': {
      const target = raw.src === undefined ? null : resolveHref(raw.src, origin, 'image')
      if (target === null) return null
      attrs.src = target.href
      attrs.alt = (raw.alt ?? '').trim()
      digits('width', 5)
      digits('height', 5)
      break
    }
    case 'th':
    case 'td':
      digits('colspan', 3)
      digits('rowspan', 3)
      if (tag === 'th' && raw.scope && ['col', 'row', 'colgroup', 'rowgroup'].includes(raw.scope.toLowerCase()))
        attrs.scope = raw.scope.toLowerCase()
      break
    default:
      break
  }
  return attrs
}

type Open = { tag: SafeTag | '#root' | '#drop'; attrs: Record<string, string>; children: SafeNode[] }

/** Builds the tree from tokens, keeping it valid HTML so the browser parses the output back to the same tree. */
class TreeBuilder {
  readonly root: Open = { tag: '#root', attrs: {}, children: [] }
  private stack: Open[] = [this.root]

  /** `origin`: the portal's, which addresses are resolved against. */
  constructor(private readonly origin: string) {}

  private get current(): Open {
    return this.stack[this.stack.length - 1]!
  }

  /** Dropped elements are always on top of the stack: nothing real opens inside one. */
  private dropping(): boolean {
    return this.current.tag === '#drop'
  }

  /** Where `tag` is open, searching down from the top but not past a table or cell (their content is its own world). */
  private indexOf(tag: string, boundaries: ReadonlySet<string> = CELL_BOUNDARIES): number {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const t = this.stack[i]!.tag
      if (t === tag) return i
      if (boundaries.has(t)) return -1
    }
    return -1
  }

  private popTo(index: number) {
    if (index > 0) this.stack.length = index
  }

  text(value: string) {
    if (!value || this.dropping()) return
    const cur = this.current
    if (TABLE_SECTIONS.has(cur.tag) || cur.tag === 'ul' || cur.tag === 'ol') {
      // Whitespace between rows or items is noise (React rejects it in tables); stray words there have no place.
      if (!value.trim() || TABLE_SECTIONS.has(cur.tag)) return
    }
    const last = cur.children[cur.children.length - 1]
    if (typeof last === 'string') cur.children[cur.children.length - 1] = last + value
    else cur.children.push(value)
  }

  private prepareFor(tag: SafeTag): boolean {
    if (CLOSES_P.has(tag)) this.popTo(this.indexOf('p'))
    if (HEADINGS.has(tag) && HEADINGS.has(this.current.tag)) this.stack.pop()
    if (tag === 'a') this.popTo(this.indexOf('a'))
    if (tag === 'li') {
      for (let i = this.stack.length - 1; i > 0; i--) {
        const t = this.stack[i]!.tag
        if (t === 'li') {
          this.popTo(i)
          break
        }
        if (t !== 'p' && !PHRASING.has(t)) break
      }
    }
    if (tag === 'thead' || tag === 'tbody') {
      const table = this.indexOf('table', NO_BOUNDARIES)
      if (table === -1) return false
      this.popTo(table + 1)
      return true
    }
    if (tag === 'tr') {
      const cell = Math.max(this.indexOf('td'), this.indexOf('th'))
      if (cell !== -1) this.popTo(cell)
      const row = this.indexOf('tr')
      if (row !== -1) this.popTo(row)
      if (this.current.tag === 'table') this.push('tbody', {})
      return this.current.tag === 'tbody' || this.current.tag === 'thead'
    }
    if (tag === 'td' || tag === 'th') {
      const cell = Math.max(this.indexOf('td'), this.indexOf('th'))
      if (cell !== -1) this.popTo(cell)
      if (this.current.tag === 'table') this.push('tbody', {})
      if (this.current.tag === 'tbody' || this.current.tag === 'thead') this.push('tr', {})
      return this.current.tag === 'tr'
    }
    // Anything else inside a table's structure (not in a cell) would be moved out by the browser: leave it out.
    return !TABLE_SECTIONS.has(this.current.tag)
  }

  private push(tag: SafeTag, attrs: Record<string, string>) {
    const el: Open = { tag, attrs, children: [] }
    this.current.children.push(el as SafeElement)
    this.stack.push(el)
  }

  /** Opens an element whose content is thrown away; `name` lets its end tag find it. */
  private pushDropped(name: string) {
    this.stack.push({ tag: '#drop', attrs: { name }, children: [] })
  }

  open(name: string, raw: Record<string, string>, selfClosing: boolean) {
    if (this.dropping() || DROPPED.has(name)) {
      if (!VOID.has(name) && !selfClosing) this.pushDropped(name)
      return
    }
    const tag = (RENAMED[name] ?? name) as SafeTag
    if (!ALLOWED.has(tag) || this.stack.length > MAX_DEPTH) return
    const attrs = pickAttrs(tag, raw, this.origin)
    if (!attrs) return
    if (!this.prepareFor(tag)) {
      if (!VOID.has(tag)) this.pushDropped(name)
      return
    }
    if (VOID.has(tag)) this.current.children.push({ tag, attrs, children: [] })
    else this.push(tag, attrs)
  }

  close(name: string) {
    for (let i = this.stack.length - 1; i > 0 && this.stack[i]!.tag === '#drop'; i--) {
      if (this.stack[i]!.attrs.name === name) {
        this.popTo(i)
        return
      }
    }
    const tag = RENAMED[name] ?? name
    if (!ALLOWED.has(tag) || VOID.has(tag)) return
    if (TABLE_SECTIONS.has(tag) || tag === 'td' || tag === 'th') this.popTo(this.indexOf(tag, NO_BOUNDARIES))
    else this.popTo(this.indexOf(tag))
  }
}

const TAG_NAME = /[^\s/>]*/y

/** Reads attributes from `html` at `start` to the tag's `>`; returns null when the tag never closes. */
function readAttributes(
  html: string,
  start: number,
): { attrs: Record<string, string>; end: number; selfClosing: boolean } | null {
  const attrs: Record<string, string> = Object.create(null)
  let i = start
  let selfClosing = false
  for (;;) {
    while (i < html.length && /[\s/]/.test(html[i]!)) {
      selfClosing = html[i] === '/'
      i++
    }
    if (i >= html.length) return null
    if (html[i] === '>') return { attrs, end: i + 1, selfClosing }
    selfClosing = false
    const nameStart = i
    i++
    while (i < html.length && !/[\s/>=]/.test(html[i]!)) i++
    const name = html.slice(nameStart, i).toLowerCase()
    while (i < html.length && /\s/.test(html[i]!)) i++
    let value = ''
    if (html[i] === '=') {
      i++
      while (i < html.length && /\s/.test(html[i]!)) i++
      const quote = html[i]
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1)
        if (close === -1) return null
        value = html.slice(i + 1, close)
        i = close + 1
      } else {
        const valueStart = i
        while (i < html.length && !/[\s>]/.test(html[i]!)) i++
        value = html.slice(valueStart, i)
      }
    }
    if (!(name in attrs)) attrs[name] = decodeEntities(value)
  }
}

/**
 * Parses `html` and keeps only the allow-listed tags and attributes; everything else is dropped or unwrapped. Links and
 * images keep only addresses the one rule allows, resolved against the portal's `origin` (`contract/html-href.ts`).
 */
export function sanitizeHtml(html: string | null | undefined, origin: string): SafeNode[] {
  const tree = new TreeBuilder(origin)
  const src = html ?? ''
  let i = 0
  while (i < src.length) {
    const lt = src.indexOf('<', i)
    if (lt === -1) {
      tree.text(decodeEntities(src.slice(i)))
      break
    }
    if (lt > i) tree.text(decodeEntities(src.slice(i, lt)))
    const next = src[lt + 1] ?? ''
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4)
      i = end === -1 ? src.length : end + 3
      continue
    }
    if (next === '!' || next === '?') {
      const end = src.indexOf('>', lt + 2)
      i = end === -1 ? src.length : end + 1
      continue
    }
    if (next === '/') {
      if (/[a-zA-Z]/.test(src[lt + 2] ?? '')) {
        TAG_NAME.lastIndex = lt + 2
        const name = TAG_NAME.exec(src)![0].toLowerCase()
        const end = src.indexOf('>', TAG_NAME.lastIndex)
        if (end === -1) break
        tree.close(name)
        i = end + 1
      } else {
        // `</>` is ignored; `</3` and the like are bogus comments up to the next `>`.
        const end = src.indexOf('>', lt + 2)
        i = end === -1 ? src.length : end + 1
      }
      continue
    }
    if (!/[a-zA-Z]/.test(next)) {
      tree.text('<')
      i = lt + 1
      continue
    }
    TAG_NAME.lastIndex = lt + 1
    const name = TAG_NAME.exec(src)![0].toLowerCase()
    const parsed = readAttributes(src, TAG_NAME.lastIndex)
    if (!parsed) break
    i = parsed.end
    if (name === 'plaintext') break
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}(?=[\\s/>])`, 'ig')
      close.lastIndex = i
      const m = close.exec(src)
      if (!m) break
      const end = src.indexOf('>', m.index)
      i = end === -1 ? src.length : end + 1
      continue
    }
    tree.open(name, parsed.attrs, parsed.selfClosing)
  }
  return tree.root.children
}

export type RenderOptions = {
  /** Rewrites link targets, e.g. to add the page's locale prefix to site paths. */
  resolveHref?: (href: string) => string
  /** Accessible name of the scroll region around wide tables. */
  tableLabel?: string
}

const isExternal = (href: string) => /^https?:/i.test(href)

/** Turns sanitised nodes into React elements (pure: the same output on the edge and in the browser). */
export function renderSafeNodes(nodes: readonly SafeNode[], options: RenderOptions = {}): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node
    const children = node.children.length ? renderSafeNodes(node.children, options) : undefined
    const a = node.attrs
    switch (node.tag) {
      case 'a': {
        const target = options.resolveHref ? options.resolveHref(a.href!) : a.href
        return createElement(
          'a',
          { key, href: target, rel: isExternal(target!) ? 'noopener noreferrer' : undefined },
          children,
        )
      }
      case 'img':
        return createElement('img', {
          key,
          src: a.src,
          alt: a.alt ?? '',
          width: a.width,
          height: a.height,
          loading: 'lazy',
          decoding: 'async',
        })
      case 'br':
        return createElement('br', { key })
      case 'th':
      case 'td':
        return createElement(
          node.tag,
          {
            key,
            colSpan: a.colspan ? Number(a.colspan) : undefined,
            rowSpan: a.rowspan ? Number(a.rowspan) : undefined,
            scope: a.scope,
          },
          children,
        )
      case 'table':
        return createElement(
          'div',
          { key, className: 'table-scroll', role: 'region', 'aria-label': options.tableLabel, tabIndex: 0 },
          createElement('table', null, children),
        )
      default:
        return createElement(node.tag, { key }, children)
    }
  })
}

const APP_PATHS = /^\/(gateway|_app|assets)(\/|$)/

/**
 * Site paths without a language prefix get the page's, so a link in Russian content stays in Russian. Only a path that
 * the one rule says stays on the portal at `origin` is touched (`contract/html-href.ts`).
 */
export function localiseHref(href: string, locale: Locale, origin: string): string {
  const target = resolveHref(href, origin, 'link')
  if (target?.kind !== 'portal' || !target.href.startsWith('/')) return href
  const m = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(target.href)!
  const path = m[1]!
  if (APP_PATHS.test(path) || /\.[a-z0-9]{2,5}$/i.test(path) || splitLocale(path).locale) return target.href
  return switchLocalePath(path, m[2] ?? '', locale) + (m[3] ?? '')
}
