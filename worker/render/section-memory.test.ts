/**
 * The isolate's memory of static sections' HTML (docs/decisions/0057-section-memory.md): what a later render repeats,
 * what it never repeats, and the memory's bounds.
 */
import { describe, expect, it } from 'vitest'
import { classesOf } from '../../shared/markup/css-rules'
import type { PayloadEntry } from '../../shared/state/state'
import { piecesText } from './assemble'
import { SECTION_MEMORY_CHARS, SECTION_MEMORY_ENTRIES, type SectionScope, sectionMemory } from './section-memory'

const NEWS = '/siw/public/news?size=3'
const envelope = (title: string) => ({ result: { code: 'ok', description: '' }, content: [{ title }] })
const ok = (title: string): PayloadEntry => ({ ok: true, envelope: envelope(title) })

let pages = 0
/** A request's scope on a page of its own (each test its own page, so tests share no entries). */
function scopeOf(ready: Record<string, PayloadEntry>, change: Partial<SectionScope> = {}): SectionScope {
  return {
    page: `https://invest.example|en|/en?test=${pages}`,
    ready: new Map(Object.entries(ready)),
    pending: new Map(),
    ms: 30_000,
    nonce: 'NONCENONCENONCENONCE==',
    anonymous: true,
    now: 1_000_000,
    ...change,
  }
}

/** One complete render drawing the section `section` with `inner` as its content, reading `reads` on the way. */
function renderOnce(
  scope: SectionScope,
  inner: string,
  { section = 1, props = {}, reads = [NEWS], unrepeatable = false } = {},
) {
  const memory = sectionMemory(scope)
  let recalled: string | null = null
  const taken = memory.takeSections(() => {
    const hit = memory.recall(section, props)
    recalled = hit?.html ?? null
    if (hit) return `<main><section><template data-repeat="${hit.mark}"></template></section></main>`
    const taking = memory.remember(section, props)
    if (!taking) return `<main><section>${inner}</section></main>`
    for (const key of reads) taking.recorder.read(key, scope.ready.get(key))
    if (unrepeatable) taking.recorder.unrepeatable()
    const { mark } = taking
    return `<main><section><template data-section-start="${mark}"></template>${inner}<template data-section-end="${mark}"></template></section></main>`
  })
  return { recalled: recalled as string | null, html: taken && piecesText(taken.pieces), classes: taken?.classes }
}

describe('the section memory', () => {
  it('tells the document’s classes from its pieces, the repeated section’s from its memory', () => {
    pages++
    const entry = ok('Forum')
    const inner =
      '<h2 class="section__title">Latest news</h2><ul class="card-grid  card-grid--3"><li class="card">x</li></ul>'
    const first = renderOnce(scopeOf({ [NEWS]: entry }), inner)
    const second = renderOnce(scopeOf({ [NEWS]: entry }), '<p class="wrong">drawn anew</p>')
    expect(second.recalled).toBe(inner)
    for (const taken of [first, second]) expect([...taken.classes!].sort()).toEqual([...classesOf(taken.html!)].sort())
    expect([...second.classes!].sort()).toEqual(['card', 'card-grid', 'card-grid--3', 'section__title'])
  })

  it('repeats a section drawn from the very same payloads, and takes its marks out of the document', () => {
    pages++
    const entry = ok('Tashkent hosts the investment forum')
    const first = renderOnce(scopeOf({ [NEWS]: entry }), '<h2>Latest news</h2>')
    expect(first.recalled).toBeNull()
    expect(first.html).toBe('<main><section><h2>Latest news</h2></section></main>')
    const second = renderOnce(scopeOf({ [NEWS]: entry }), '<h2>drawn anew</h2>')
    expect(second.recalled).toBe('<h2>Latest news</h2>')
    expect(second.html).toBe(first.html)
  })

  it('draws a section anew once a payload it read is another envelope (published news), however alike', () => {
    pages++
    renderOnce(scopeOf({ [NEWS]: ok('Old headline') }), '<h2>Old headline</h2>')
    const next = renderOnce(scopeOf({ [NEWS]: ok('Old headline') }), '<h2>New headline</h2>')
    expect(next.recalled).toBeNull()
    expect(next.html).toContain('New headline')
  })

  it('never repeats a section past the payload memory’s time', () => {
    pages++
    const entry = ok('A')
    renderOnce(scopeOf({ [NEWS]: entry }, { now: 1_000_000 }), '<p>A</p>')
    expect(renderOnce(scopeOf({ [NEWS]: entry }, { now: 1_029_999 }), '<p>B</p>').recalled).toBe('<p>A</p>')
    expect(renderOnce(scopeOf({ [NEWS]: entry }, { now: 1_030_000 }), '<p>B</p>').recalled).toBeNull()
  })

  it('keeps pages, languages and props apart', () => {
    pages++
    const entry = ok('A')
    renderOnce(scopeOf({ [NEWS]: entry }), '<p>English</p>', { props: { id: 1 } })
    const russian = scopeOf({ [NEWS]: entry }, { page: `https://invest.example|ru|/ru?test=${pages}` })
    expect(renderOnce(russian, '<p>Русский</p>', { props: { id: 1 } }).recalled).toBeNull()
    expect(renderOnce(scopeOf({ [NEWS]: entry }), '<p>other</p>', { props: { id: 2 } }).recalled).toBeNull()
    expect(renderOnce(scopeOf({ [NEWS]: entry }), '<p>other</p>', { props: { id: 1 } }).recalled).toBe('<p>English</p>')
  })

  it.each([
    ['read the visitor’s session, or drew head elements or a sheet', { unrepeatable: true }, {}],
    ['read a payload that failed', {}, { [NEWS]: { ok: false, status: 502, code: 'bad_gateway' } as PayloadEntry }],
    ['read a payload the page had not loaded', { reads: ['/siw/public/unplanned'] }, {}],
  ])('never repeats a section whose content %s', (_, options, ready) => {
    pages++
    const entries = { [NEWS]: ok('A'), ...ready }
    const first = renderOnce(scopeOf(entries), '<p>Signed in as Sardor</p>', options)
    expect(first.html).toBe('<main><section><p>Signed in as Sardor</p></section></main>')
    expect(renderOnce(scopeOf(entries), '<p>Sign in</p>', options).recalled).toBeNull()
  })

  it('never repeats HTML that holds the response’s CSP nonce', () => {
    pages++
    const entry = ok('A')
    const scope = scopeOf({ [NEWS]: entry })
    renderOnce(scope, `<script nonce="${scope.nonce}"></script>`)
    expect(renderOnce(scopeOf({ [NEWS]: entry }), '<p>x</p>').recalled).toBeNull()
  })

  it('does not repeat from a payload still loading (a streamed render)', () => {
    pages++
    const entry = ok('A')
    renderOnce(scopeOf({ [NEWS]: entry }), '<p>A</p>')
    const loading = scopeOf({}, { pending: new Map([[NEWS, new Promise<PayloadEntry>(() => {})]]) })
    expect(sectionMemory(loading).recall(1, {})).toBeNull()
    // React marks a promise it has read as fulfilled: that is the same envelope.
    const read = Object.assign(Promise.resolve(entry), { status: 'fulfilled', value: entry })
    expect(sectionMemory(scopeOf({}, { pending: new Map([[NEWS, read]]) })).recall(1, {})?.html).toBe('<p>A</p>')
  })

  it('remembers nothing outside a complete render', () => {
    expect(sectionMemory(scopeOf({})).remember(1, {})).toBeNull()
  })

  it(`holds at most ${SECTION_MEMORY_ENTRIES} sections and ${SECTION_MEMORY_CHARS} characters, forgetting the least recently used`, () => {
    pages++
    const entry = ok('A')
    const first = `https://invest.example|en|/en/bounds-first-${pages}`
    renderOnce(scopeOf({ [NEWS]: entry }, { page: first }), '<p>first</p>')
    for (let i = 0; i < SECTION_MEMORY_ENTRIES; i++)
      renderOnce(scopeOf({ [NEWS]: entry }, { page: `https://invest.example|en|/en/bounds-${pages}-${i}` }), '<p>x</p>')
    expect(renderOnce(scopeOf({ [NEWS]: entry }, { page: first }), '<p>y</p>').recalled).toBeNull()
    // Large sections: the characters bound holds before the count does.
    const large = 'x'.repeat(SECTION_MEMORY_CHARS / 8)
    for (let i = 0; i < 9; i++)
      renderOnce(scopeOf({ [NEWS]: entry }, { page: `https://invest.example|en|/en/large-${pages}-${i}` }), large)
    expect(
      renderOnce(scopeOf({ [NEWS]: entry }, { page: `https://invest.example|en|/en/large-${pages}-0` }), '').recalled,
    ).toBeNull()
    expect(
      renderOnce(scopeOf({ [NEWS]: entry }, { page: `https://invest.example|en|/en/large-${pages}-8` }), '').recalled,
    ).toBe(large)
  })
})

/**
 * One complete render drawing a live part (`map`, reading the news and translating `home.map.title`) between two
 * static texts; `session` as a signed-in reader's render.
 */
function renderLive(scope: SectionScope, inner: string, { session = false, unrepeatable = false } = {}) {
  const memory = sectionMemory(scope)
  let recalled: ReturnType<typeof memory.recallLive> = null
  const taken = memory.takeSections(() => {
    recalled = memory.recallLive('map', {})
    if (recalled !== null) return `<main><p>A</p><template data-repeat="${recalled.mark}"></template><p>B</p></main>`
    const taking = memory.rememberLive('map', {})
    if (!taking) return `<main><p>A</p>${inner}<p>B</p></main>`
    taking.recorder.read(NEWS, scope.ready.get(NEWS))
    taking.recorder.live?.message('home.map.title')
    if (session) taking.recorder.unrepeatable('session')
    if (unrepeatable) taking.recorder.unrepeatable()
    const { mark } = taking
    return `<main><p>A</p><template data-section-start="${mark}"></template>${inner}<template data-section-end="${mark}"></template><p>B</p></main>`
  })
  return { recalled: recalled as ReturnType<typeof memory.recallLive>, html: taken && piecesText(taken.pieces) }
}

describe('live parts', () => {
  it('repeats an anonymous reader’s live part as the very bytes drawn, with the payloads and messages it read', () => {
    pages++
    const entry = ok('Regions')
    const first = renderLive(scopeOf({ [NEWS]: entry }), '<svg role="img"><path d="M0 0"/></svg>')
    expect(first.recalled).toBeNull()
    expect(first.html).toBe('<main><p>A</p><svg role="img"><path d="M0 0"/></svg><p>B</p></main>')
    const second = renderLive(scopeOf({ [NEWS]: entry }), '<svg>drawn anew</svg>')
    expect(second.recalled).toMatchObject({ keys: [NEWS], messages: ['home.map.title'] })
    expect(second.html).toBe(first.html)
  })

  it('is neither remembered nor repeated for a signed-in reader, nor outside a complete render', () => {
    pages++
    const entry = ok('Regions')
    renderLive(scopeOf({ [NEWS]: entry }, { anonymous: false }), '<svg>signed in</svg>')
    expect(renderLive(scopeOf({ [NEWS]: entry }), '<svg>anonymous</svg>').recalled).toBeNull()
    expect(renderLive(scopeOf({ [NEWS]: entry }, { anonymous: false }), '<svg>again</svg>').recalled).toBeNull()
    // A streamed render (no `takeSections`) asks nothing of the memory.
    expect(sectionMemory(scopeOf({ [NEWS]: entry })).recallLive('map', {})).toBeNull()
    expect(renderLive(scopeOf({ [NEWS]: entry }), '<svg>x</svg>').recalled).not.toBeNull()
  })

  it('may read the (absent) session, but not draw head elements; a static section may not read it at all', () => {
    pages++
    const entry = ok('Regions')
    renderLive(scopeOf({ [NEWS]: entry }), '<svg>session read</svg>', { session: true })
    expect(renderLive(scopeOf({ [NEWS]: entry }), '<svg>y</svg>').recalled).not.toBeNull()
    pages++
    renderLive(scopeOf({ [NEWS]: entry }), '<svg>head</svg>', { unrepeatable: true })
    expect(renderLive(scopeOf({ [NEWS]: entry }), '<svg>z</svg>').recalled).toBeNull()
    pages++
    const scope = scopeOf({ [NEWS]: entry })
    const memory = sectionMemory(scope)
    memory.takeSections(() => {
      const taking = memory.remember(1, {})!
      taking.recorder.unrepeatable('session')
      return `<template data-section-start="${taking.mark}"></template>x<template data-section-end="${taking.mark}"></template>`
    })
    expect(sectionMemory(scopeOf({ [NEWS]: entry })).recall(1, {})).toBeNull()
  })
})
