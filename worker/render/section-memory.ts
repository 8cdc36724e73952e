/**
 * An isolate's memory of static sections' HTML (docs/decisions/0057-section-memory.md). A static section depends only on
 * its route, locale and the page's data (docs/decisions/0021-static-sections.md), so the HTML a complete render drew for
 * it is what any later render of the same page would draw while the payloads it read are the very same envelopes (the
 * payload memory hands out the objects it remembers). A later render, for anyone (a signed-in reader, a query the
 * document memory does not answer), repeats that HTML instead of rendering the section again. A section whose content
 * reads the session, draws head elements or a sheet, or read a payload that failed is never remembered; nothing
 * outlives the payload memory it was made from.
 *
 * A live part (`client/runtime/live-part.tsx`, hydrated in the browser) is remembered and repeated the same way, in an
 * anonymous reader's complete render only, with the message keys its content translated: its repeat is a placeholder
 * the edge replaces with the very bytes React drew, and the document carries what the browser needs to hydrate it.
 */
import type { RecalledLivePart, SectionMemory, SectionRecorder } from '../../client/server'
import { classesOf } from '../../shared/markup/css-rules'
import type { PayloadEntry } from '../../shared/state/state'
import type { Piece } from './assemble'

type Held = {
  html: string
  /** Its UTF-8 bytes, encoded once: a complete render's repeat is copied into the document, not encoded again. */
  bytes: Uint8Array
  /** The envelope each payload the content read had. */
  envelopes: ReadonlyMap<string, unknown>
  /** A live part's: the message keys its content translated. */
  messages: readonly string[]
  /** The classes of its elements, read once: a repeat adds them to the document's without scanning its HTML. */
  classes: ReadonlySet<string>
  until: number
}

const held = new Map<string, Held>()
/** At most this many sections, and this many characters of HTML, per isolate (docs/security.md#document-memory). */
export const SECTION_MEMORY_ENTRIES = 256
export const SECTION_MEMORY_CHARS = 2 * 1024 * 1024
let heldChars = 0

/** What one request's render needs of the memory: whose page it is, and the payloads it renders from. */
export type SectionScope = Readonly<{
  /** Origin, locale, path and query of the page: sections of two pages are never taken for one another. */
  page: string
  /** The render's payloads: ready ones, and pending ones React may already have read. */
  ready: ReadonlyMap<string, PayloadEntry>
  pending: ReadonlyMap<string, Promise<PayloadEntry>>
  /** The payload memory's time: the longest a section is repeated. */
  ms: number
  /** The CSP nonce of this response: HTML holding it is never remembered. */
  nonce: string | undefined
  /** No session: live parts, which may read it, are remembered and repeated for anonymous readers only. */
  anonymous: boolean
  /** The request's time. */
  now: number
}>

/** A section (or live part, with its `messages`) being remembered in the render under way. */
type Taking = {
  key: string
  mark: number
  reads: Map<string, unknown>
  repeatable: boolean
  messages: Set<string> | null
}

/** What a complete render's HTML holds, in tree order: sections being remembered, and live parts' placeholders. */
type Mark = { take: Taking } | { splice: number; held: Held }

/**
 * A complete render's document with the sections' marks taken out, in pieces: what React drew as strings, and each
 * section the memory holds as its HTML with its UTF-8 bytes (`assemble.ts` writes them without encoding them again);
 * with (when it had any sections) its elements' classes.
 */
type TakenDocument = { pieces: readonly Piece[]; classes: ReadonlySet<string> | null }

/** One request's section memory: recalls for any render, remembers during a complete one (`takeSections`). */
export type RequestSectionMemory = SectionMemory & {
  /**
   * Runs a complete render that may remember sections, and returns its HTML with their marks taken out and the
   * repeated ones' HTML in place, with the classes of its elements (known from the pieces: see `cut`).
   */
  takeSections: (render: () => string | null) => TakenDocument | null
}

const NOT_READY = Symbol('not ready')

/** The envelope a key's payload has in this render, NOT_READY while it loads, undefined if it failed or is absent. */
function envelopeOf(scope: SectionScope, key: string): unknown {
  const entry =
    scope.ready.get(key) ??
    (scope.pending.get(key) as (Promise<PayloadEntry> & { status?: string; value?: PayloadEntry }) | undefined)
  if (entry === undefined) return undefined
  if (entry instanceof Promise)
    return entry.status === 'fulfilled' && entry.value?.ok ? entry.value.envelope : NOT_READY
  return entry.ok ? entry.envelope : undefined
}

export function sectionMemory(scope: SectionScope): RequestSectionMemory {
  let taking: Mark[] | null = null
  let marks = 0
  const keyOf = (section: number | string, props: object): string | null => {
    const shown = JSON.stringify(props)
    // Props are a section's own arguments (a card's lot); a large one is not worth a key.
    return shown.length > 512 ? null : `${section}|${shown}|${scope.page}`
  }
  const recall = (key: string | null): Held | null => {
    const hit = key === null ? undefined : held.get(key)
    if (!hit) return null
    if (hit.until <= scope.now) {
      forget(key!)
      return null
    }
    for (const [k, envelope] of hit.envelopes) if (envelopeOf(scope, k) !== envelope) return null
    // Most recently used last: the oldest is forgotten first.
    held.delete(key!)
    held.set(key!, hit)
    return hit
  }
  const remember = (key: string | null, live: boolean) => {
    if (taking === null || key === null) return null
    const take: Taking = { key, mark: ++marks, reads: new Map(), repeatable: true, messages: live ? new Set() : null }
    const recorder: SectionRecorder = {
      read(k, entry) {
        const e = entry as PayloadEntry | undefined
        if (!e?.ok) take.repeatable = false
        else take.reads.set(k, e.envelope)
      },
      // A live part is remembered for anonymous readers only, whose session is none.
      unrepeatable(why) {
        if (!(live && why === 'session')) take.repeatable = false
      },
      live: live ? { message: (k) => take.messages!.add(k) } : undefined,
    }
    taking.push({ take })
    return { recorder, mark: take.mark }
  }
  // Live parts: only in an anonymous reader's complete render, which replaces their placeholders (`takeSections`).
  const liveKey = (part: string, props: object) =>
    taking !== null && scope.anonymous ? keyOf(`live:${part}`, props) : null
  /** A repeat in a complete render: its placeholder's number, the HTML put in its place when the marks are cut. */
  const splice = (hit: Held): number => {
    const mark = ++marks
    taking!.push({ splice: mark, held: hit })
    return mark
  }
  return {
    recall(section, props) {
      const hit = recall(keyOf(section, props))
      if (hit === null) return null
      return { html: hit.html, mark: taking === null ? null : splice(hit) }
    },
    remember: (section, props) => remember(keyOf(section, props), false),
    recallLive(part, props): RecalledLivePart | null {
      const hit = recall(liveKey(part, props))
      if (hit === null) return null
      return { mark: splice(hit), keys: [...hit.envelopes.keys()], messages: hit.messages }
    },
    rememberLive: (part, props) => remember(liveKey(part, props), true),
    takeSections(render) {
      const taken: Mark[] = []
      taking = taken
      let html: string | null
      try {
        html = render()
      } finally {
        taking = null
      }
      if (html === null) return null
      if (taken.length === 0) return { pieces: [html], classes: null }
      return cut(html, taken, scope)
    },
  }
}

/**
 * The document without the sections' marks, each repeatable section's HTML between them remembered, and each
 * repeat's placeholder replaced by its remembered piece (its HTML and bytes). The classes of the document's elements
 * come with it: those of what React drew read from its pieces, those of the sections from what each one's memory
 * holds, so the CSS step (`critical-css.ts`) does not scan the whole document again.
 */
function cut(html: string, marks: readonly Mark[], scope: SectionScope): TakenDocument {
  const pieces: Piece[] = []
  const classes = new Set<string>()
  const drawn = (piece: string) => {
    pieces.push(piece)
    for (const c of classesOf(piece)) classes.add(c)
  }
  const held = (piece: Piece, of: ReadonlySet<string>) => {
    pieces.push(piece)
    for (const c of of) classes.add(c)
  }
  let from = 0
  // React draws a complete render in tree order, which is the order sections and parts asked the memory in.
  for (const mark of marks) {
    if ('splice' in mark) {
      const placeholder = `<template data-repeat="${mark.splice}"></template>`
      const at = html.indexOf(placeholder, from)
      if (at < 0) continue
      drawn(html.slice(from, at))
      held(mark.held, mark.held.classes)
      from = at + placeholder.length
      continue
    }
    const { take } = mark
    const start = `<template data-section-start="${take.mark}"></template>`
    const end = `<template data-section-end="${take.mark}"></template>`
    const at = html.indexOf(start, from)
    const to = at < 0 ? -1 : html.indexOf(end, at)
    if (to < 0) continue
    const inner = html.slice(at + start.length, to)
    const innerClasses = classesOf(inner)
    drawn(html.slice(from, at))
    const kept =
      take.repeatable && !(scope.nonce && inner.includes(scope.nonce))
        ? remember(take, inner, innerClasses, scope.now + scope.ms)
        : null
    held(kept ?? inner, innerClasses)
    from = to + end.length
  }
  drawn(html.slice(from))
  return { pieces, classes }
}

const encoder = new TextEncoder()

/** Keeps a section's HTML (and its bytes) for later renders; what it keeps, or null when it is too large to keep. */
function remember(take: Taking, html: string, classes: ReadonlySet<string>, until: number): Held | null {
  if (html.length > SECTION_MEMORY_CHARS / 8) return null
  forget(take.key)
  while (held.size >= SECTION_MEMORY_ENTRIES || (held.size > 0 && heldChars + html.length > SECTION_MEMORY_CHARS))
    forget(held.keys().next().value!)
  const kept: Held = {
    html,
    bytes: encoder.encode(html),
    envelopes: take.reads,
    messages: take.messages ? [...take.messages] : [],
    classes,
    until,
  }
  held.set(take.key, kept)
  heldChars += html.length
  return kept
}

function forget(key: string): void {
  const gone = held.get(key)
  if (!gone) return
  heldChars -= gone.html.length
  held.delete(key)
}

/** What the memory holds now: sections (live parts among them) and characters (for its tests and the heap benchmark). */
export function sectionMemorySize(): { entries: number; live: number; chars: number } {
  let live = 0
  for (const key of held.keys()) if (key.startsWith('live:')) live++
  return { entries: held.size, live, chars: heldChars }
}
