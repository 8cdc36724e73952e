import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  envelopeOf,
  FileRefSchema,
  GatewayFileSchema,
  issuePaths,
  LinkedFileSchema,
  listOf,
  RegionSchema,
} from './common'

/** A `File` as the reference gateway answers it for generated art. */
const ART_FILE = {
  id: 'post-1',
  size: 2048,
  path: 'art/post-1.svg',
  file_name: 'post-1.svg',
  original_name: 'post-1.svg',
  file_extension: 'svg',
  content_type: 'image/svg+xml',
  download_link: '/gateway/document/public/art/post-1.svg',
  thumbnail_link: '/gateway/document/public/art/post-1_4x3.svg',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
}

const OK = { code: 'ok', description: '' }
const PAGEABLE = { total: 29, current: 0, prev: null, next: 1 }

describe('envelopeOf', () => {
  const schema = envelopeOf(v.object({ title: v.string() }))

  it('accepts an ok envelope with or without pageable and errors', () => {
    expect(issuePaths(schema, { result: OK, content: { title: 'x' } })).toEqual([])
    expect(issuePaths(schema, { result: { code: 'ok' }, content: { title: 'x' }, pageable: null })).toEqual([])
    expect(
      issuePaths(schema, { result: OK, content: { title: 'x' }, pageable: PAGEABLE, errors: [], extra: 1 }),
    ).toEqual([])
  })

  it('rejects a missing result, a content of the wrong shape and a pageable without a numeric total', () => {
    expect(issuePaths(schema, { content: { title: 'x' } })).toEqual(['result'])
    expect(issuePaths(schema, { result: OK, content: { title: 42 } })).toEqual(['content.title'])
    expect(issuePaths(schema, { result: OK, content: null })).toEqual(['content'])
    expect(issuePaths(schema, { result: OK, content: { title: 'x' }, pageable: { total: '29' } })).toEqual([
      'pageable.total',
    ])
    expect(issuePaths(schema, { result: OK, content: { title: 'x' }, errors: 'title' })).toEqual(['errors'])
  })
})

describe('listOf', () => {
  const schema = listOf(v.object({ id: v.number() }))

  it('accepts an array of items, empty or not', () => {
    expect(issuePaths(schema, { result: OK, content: [], pageable: { ...PAGEABLE, total: 0, next: null } })).toEqual([])
    expect(issuePaths(schema, { result: OK, content: [{ id: 1 }, { id: 2 }] })).toEqual([])
  })

  it('rejects an object for a list, a list of numbers and a null item, naming each bad item', () => {
    expect(issuePaths(schema, { result: OK, content: { id: 1 } })).toEqual(['content'])
    expect(issuePaths(schema, { result: OK, content: [1, 2] })).toEqual(['content.0', 'content.1'])
    expect(issuePaths(schema, { result: OK, content: [{ id: 1 }, null] })).toEqual(['content.1'])
  })
})

describe('files', () => {
  it('takes a whole File, a File with only some fields, a bare link or nothing where a file is optional', () => {
    expect(issuePaths(GatewayFileSchema, ART_FILE)).toEqual([])
    expect(issuePaths(GatewayFileSchema, { download_link: '/x.pdf', thumbnail_link: null })).toEqual([])
    expect(issuePaths(GatewayFileSchema, { id: '', download_link: '/x.pdf' })).toEqual([])
    for (const ref of [ART_FILE, '/gateway/document/public/art/a.svg', null, undefined])
      expect(issuePaths(FileRefSchema, ref)).toEqual([])
  })

  it('rejects a link of the wrong type, and a file to download without its link', () => {
    expect(issuePaths(GatewayFileSchema, { download_link: 42 })).toEqual(['download_link'])
    expect(issuePaths(FileRefSchema, 42)).toEqual(['(root)'])
    expect(issuePaths(LinkedFileSchema, { ...ART_FILE, download_link: undefined })).toEqual(['download_link'])
  })
})

describe('RegionSchema', () => {
  it('takes the code as a string or a number', () => {
    expect(issuePaths(RegionSchema, { id: 10, region: 'Tashkent city', code: '1726' })).toEqual([])
    expect(issuePaths(RegionSchema, { id: 10, region: 'Tashkent city', code: 1726 })).toEqual([])
  })

  it('needs the name and the code the map is keyed by', () => {
    expect(issuePaths(RegionSchema, { id: 10, code: '1726' })).toEqual(['region'])
    expect(issuePaths(RegionSchema, { id: 10, region: 'Tashkent city' })).toEqual(['code'])
  })
})

describe('issuePaths', () => {
  it('names where a value breaks a schema, never the value itself', () => {
    const paths = issuePaths(envelopeOf(v.object({ title: v.string() })), { result: OK, content: { title: 4242 } })
    expect(paths).toEqual(['content.title'])
    expect(JSON.stringify(paths)).not.toContain('4242')
  })
})
