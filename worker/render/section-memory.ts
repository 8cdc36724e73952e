/**
 * An isolate's memory of static sections' HTML (docs/decisions/0057-section-memory.md). A static section depends only on
 * its route, locale and the page's data (docs/decisions/0021-static-sections.md), so the HTML a complete render drew for
 * it is what any later render of the same page would draw while the payloads it read are the very same envelopes (the
 * payload memory hands out the objects it remembers). A later render, for anyone (a signed-in reader, a query the
 * document memory does not answer), repeats that HTML instead of rendering the section again. A section whose content
 * reads the session, draws head elements or a sheet, or read a payload that failed is never remembered; nothing
 * outlives the payload memory it was made from.
 */
import type { SectionMemory, SectionRecorder } from '../../client/server'
import type { PayloadEntry } from '../../shared/state/state'

type Held = {
  html: string
  /** The envelope each payload the content read had. */
  envelopes: ReadonlyMap<string, unknown>
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
  /** The request's time. */
  now: number
}>

/** A section being remembered in the render under way. */
type Taking = { key: string; mark: number; reads: Map<string, unknown>; repeatable: boolean }

/** One request's section memory: recalls for any render, remembers during a complete one (`takeSections`). */
export type RequestSectionMemory = SectionMemory & {
  /** Runs a complete render that may remember sections, and returns its HTML with their marks taken out. */
  takeSections: (render: () => string | null) => string | null
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
  let taking: Taking[] | null = null
  let marks = 0
  const keyOf = (section: number, props: object): string | null => {
    const shown = JSON.stringify(props)
    // Props are a section's own arguments (a card's lot); a large one is not worth a key.
    return shown.length > 512 ? null : `${section}|${shown}|${scope.page}`
  }
  return {
    recall(section, props) {
      const key = keyOf(section, props)
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
      return hit.html
    },
    remember(section, props) {
      if (taking === null) return null
      const key = keyOf(section, props)
      if (key === null) return null
      const take: Taking = { key, mark: ++marks, reads: new Map(), repeatable: true }
      const recorder: SectionRecorder = {
        read(k, entry) {
          const e = entry as PayloadEntry | undefined
          if (!e?.ok) take.repeatable = false
          else take.reads.set(k, e.envelope)
        },
        unrepeatable() {
          take.repeatable = false
        },
      }
      taking.push(take)
      return { recorder, mark: take.mark }
    },
    takeSections(render) {
      const taken: Taking[] = []
      taking = taken
      let html: string | null
      try {
        html = render()
      } finally {
        taking = null
      }
      if (html === null || taken.length === 0) return html
      return cut(html, taken, scope)
    },
  }
}

/** The document without the sections' marks; each repeatable section's HTML between them remembered. */
function cut(html: string, taken: readonly Taking[], scope: SectionScope): string {
  const parts: string[] = []
  let from = 0
  for (const take of taken) {
    const start = `<template data-section-start="${take.mark}"></template>`
    const end = `<template data-section-end="${take.mark}"></template>`
    const at = html.indexOf(start, from)
    const to = at < 0 ? -1 : html.indexOf(end, at)
    // React draws a complete render in tree order, which is the order sections asked to be remembered in.
    if (to < 0) continue
    const inner = html.slice(at + start.length, to)
    parts.push(html.slice(from, at), inner)
    from = to + end.length
    if (take.repeatable && !(scope.nonce && inner.includes(scope.nonce))) remember(take, inner, scope.now + scope.ms)
  }
  parts.push(html.slice(from))
  return parts.join('')
}

function remember(take: Taking, html: string, until: number): void {
  if (html.length > SECTION_MEMORY_CHARS / 8) return
  forget(take.key)
  while (held.size >= SECTION_MEMORY_ENTRIES || (held.size > 0 && heldChars + html.length > SECTION_MEMORY_CHARS))
    forget(held.keys().next().value!)
  held.set(take.key, { html, envelopes: take.reads, until })
  heldChars += html.length
}

function forget(key: string): void {
  const gone = held.get(key)
  if (!gone) return
  heldChars -= gone.html.length
  held.delete(key)
}

/** What the memory holds now: sections and characters (for its tests and the heap benchmark). */
export function sectionMemorySize(): { entries: number; chars: number } {
  return { entries: held.size, chars: heldChars }
}
