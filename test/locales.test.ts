/**
 * `locales/en.json` is the master list of keys (docs/architecture.md#rule-10): every language has each of its keys,
 * no other, never an empty text, and the same `{{name}}` values in each text; and every key the portal's code names
 * is on it, so no screen shows a key in place of its text.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../contract/locales'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const read = (locale: string) => flatten(JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Tree)
const valuesOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
const master = read('en')

describe('interface texts (docs/architecture.md#rule-10)', () => {
  for (const locale of LOCALES) {
    const messages = read(locale)
    it(`${locale} has exactly the master list's keys`, () => {
      expect([...messages.keys()].filter((k) => !master.has(k))).toEqual([])
      expect([...master.keys()].filter((k) => !messages.has(k))).toEqual([])
    })

    it(`${locale} has no empty text and the master's {{values}} in each`, () => {
      const empty = [...messages].filter(([, text]) => text.trim() === '').map(([key]) => key)
      expect(empty).toEqual([])
      const differing = [...messages]
        .filter(([key, text]) => master.has(key) && valuesOf(text).join() !== valuesOf(master.get(key)!).join())
        .map(([key]) => key)
      expect(differing).toEqual([])
    })
  }
})

/** Each `t('a.b')` with a literal key in the portal's own code (tests left out), with its file. */
function namedKeys(): { file: string; key: string }[] {
  const out: { file: string; key: string }[] = []
  for (const root of ['client', 'worker', 'shared']) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
      const file = join(entry.parentPath, entry.name)
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)) out.push({ file, key: m[1]! })
    }
  }
  return out
}

describe('the keys the code names', () => {
  it('are all on the master list', () => {
    const named = namedKeys()
    expect(named.length).toBeGreaterThan(500)
    expect(named.filter(({ key }) => !master.has(key)).map(({ file, key }) => `${file}: ${key}`)).toEqual([])
  })
})
