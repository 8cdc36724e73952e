/**
 * The isolate's memory of complete documents (docs/security.md#document-memory): what may be kept, its key, its bounds.
 */
import { describe, expect, it } from 'vitest'
import type { PayloadEntry } from '../../shared/state/state'
import {
  DOCUMENT_MEMORY_BYTES,
  DOCUMENT_MEMORY_ENTRIES,
  type DocumentFacts,
  documentMemoryKey,
  documentMemorySize,
  mayRememberDocument,
  recallDocument,
  rememberDocument,
} from './document-memory'

const publicPage: DocumentFacts = {
  payloadMemoryMs: 30_000,
  status: 200,
  hasError: false,
  hasForm: false,
  hasNotice: false,
  hasToken: false,
  routeId: 'about',
  search: '',
}

describe('may this document be remembered', () => {
  it('keeps a public page’s 200 for an anonymous reader', () => {
    expect(mayRememberDocument(publicPage)).toBe(true)
    expect(mayRememberDocument({ ...publicPage, routeId: 'media', search: '?page=2' })).toBe(true)
  })

  it.each<[string, Partial<DocumentFacts>]>([
    ['a signed-in reader (or any session cookie)', { hasToken: true }],
    ['a form shown again with its state', { hasForm: true }],
    ['a one-time notice', { hasNotice: true }],
    ['a 404', { status: 404 }],
    ['a 502 error page', { status: 502, hasError: true }],
    ['an error at status 200', { hasError: true }],
    ['a protected route', { routeId: 'profile' }],
    [
      'the reset page, whose address carries a one-time token',
      { routeId: 'reset-password', search: '?time=1&token=t&email=a&uuid=u' },
    ],
    ['no route', { routeId: null }],
    ['the payload memory switched off', { payloadMemoryMs: 0 }],
    ['a query parameter the route does not declare', { routeId: 'media', search: '?page=2&utm_source=x' }],
    ['any query on a route without parameters', { search: '?x=1' }],
  ])('never keeps %s', (_, change) => {
    expect(mayRememberDocument({ ...publicPage, ...change })).toBe(false)
  })

  it('keys a bare / by the language the home page was drawn in', () => {
    expect(documentMemoryKey('https://invest.gov.uz', 'ru', '/', '')).not.toBe(
      documentMemoryKey('https://invest.gov.uz', 'uz', '/', ''),
    )
  })
})

describe('the memory’s bounds', () => {
  const entries = new Map<string, PayloadEntry>([
    ['/siw/public/page/about', { ok: true, envelope: { result: { code: 'ok', description: '' }, content: {} } }],
  ])
  const nonce = 'AAAAAAAAAAAAAAAAAAAAAA=='
  const doc = (bytes: number) =>
    new TextEncoder().encode(`<html nonce="${nonce}">${'x'.repeat(bytes)}</html>`) as Uint8Array<ArrayBuffer>

  it(`holds at most ${DOCUMENT_MEMORY_ENTRIES} documents, forgetting the least recently used`, () => {
    const now = Date.now()
    for (let i = 0; i < DOCUMENT_MEMORY_ENTRIES + 10; i++)
      rememberDocument(`entries-${i}`, doc(1000), nonce, entries, 60_000, now)
    expect(documentMemorySize().entries).toBe(DOCUMENT_MEMORY_ENTRIES)
    expect(recallDocument('entries-0', entries, nonce, now)).toBeNull()
    expect(recallDocument(`entries-${DOCUMENT_MEMORY_ENTRIES + 9}`, entries, nonce, now)).not.toBeNull()
  })

  it(`holds at most ${DOCUMENT_MEMORY_BYTES / 1024 / 1024} MiB of documents, whatever their number`, () => {
    const now = Date.now()
    const size = Math.floor(DOCUMENT_MEMORY_BYTES / 8)
    for (let i = 0; i < 20; i++) rememberDocument(`bytes-${i}`, doc(size), nonce, entries, 60_000, now)
    expect(documentMemorySize().bytes).toBeLessThanOrEqual(DOCUMENT_MEMORY_BYTES)
    expect(documentMemorySize().entries).toBeLessThan(20)
    expect(recallDocument('bytes-19', entries, nonce, now)).not.toBeNull()
  })

  it('writes the request’s own nonce into a remembered document', () => {
    const now = Date.now()
    rememberDocument('nonce', doc(10), nonce, entries, 60_000, now)
    const other = 'BBBBBBBBBBBBBBBBBBBBBB=='
    expect(new TextDecoder().decode(recallDocument('nonce', entries, other, now)!)).toContain(`nonce="${other}"`)
  })
})
