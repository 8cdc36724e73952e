/**
 * A complete document from the pieces the section memory cut it into (`assemble.ts`): a remembered section's bytes are
 * copied in, and the document is the one the whole text would have made.
 */
import { describe, expect, it } from 'vitest'
import { assembleDocument, type Piece } from './assemble'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const HEAD = '<html lang="ru"><head><title>Главная</title></head><body><main>'
// Two- and three-byte characters on both sides of the cut: an offset counted in characters instead of bytes shows.
const SECTION = '<section class="card"><h2>Ташкент — инвестиции</h2><p>Toshkent “bosh” sahifa</p></section>'
const TAIL = '<p>Ещё — «один»</p></main></body></html>'
const OPTIONS = { nonce: 'bm9uY2Utb2YtdGVzdA==', boot: 'boot()', share: null, origin: 'https://invest.example' }

const held = (html: string): Piece => ({ html, bytes: encoder.encode(html) })

describe('a document assembled from its pieces', () => {
  it('is the same document whether a remembered section comes as its bytes or as text', () => {
    const whole = decoder.decode(assembleDocument([HEAD + SECTION + TAIL], { ...OPTIONS, classes: null }))
    const cut = decoder.decode(
      assembleDocument([HEAD, held(SECTION), TAIL], { ...OPTIONS, classes: new Set(['card']) }),
    )
    expect(cut).toBe(whole)
    expect(cut.startsWith(`<!DOCTYPE html>${HEAD}${SECTION}`)).toBe(true)
    expect(cut.endsWith(`<script nonce="${OPTIONS.nonce}">boot()</script></body></html>`)).toBe(true)
  })

  it('reads the text of a document whose head or end stands in a remembered piece', () => {
    const whole = decoder.decode(assembleDocument([HEAD + SECTION + TAIL], { ...OPTIONS, classes: null }))
    const cut = decoder.decode(
      assembleDocument([held(HEAD + SECTION), held(TAIL)], { ...OPTIONS, classes: new Set(['card']) }),
    )
    expect(cut).toBe(whole)
  })

  it('hands each document bytes of its own, which a later assembly does not overwrite', () => {
    const first = assembleDocument([HEAD + SECTION + TAIL], { ...OPTIONS, classes: null })
    const firstText = decoder.decode(first)
    const second = assembleDocument([HEAD.replace('Главная', 'Bosh sahifa'), TAIL], { ...OPTIONS, classes: null })
    expect(decoder.decode(first)).toBe(firstText)
    expect(decoder.decode(second)).toContain('<title>Bosh sahifa</title>')
    expect(first.buffer).not.toBe(second.buffer)
    // The bytes are the document's length, not the buffer it was encoded in.
    expect(first.byteLength).toBe(encoder.encode(firstText).byteLength)
    expect(first.buffer.byteLength).toBe(first.byteLength)
  })

  it('assembles a document larger than the reused buffer', () => {
    const long = `<p>${'Инвестиции — '.repeat(50_000)}</p>`
    const bytes = assembleDocument([HEAD + long + TAIL], { ...OPTIONS, classes: null })
    const text = decoder.decode(bytes)
    expect(text.startsWith(`<!DOCTYPE html>${HEAD}<p>Инвестиции — `)).toBe(true)
    expect(text.endsWith(`<script nonce="${OPTIONS.nonce}">boot()</script></body></html>`)).toBe(true)
    expect(bytes.byteLength).toBeGreaterThan(1 << 20)
  })
})
