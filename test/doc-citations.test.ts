/**
 * Citations of the documents hold (docs/architecture.md#rule-13): every `docs/….md#anchor` a file of the repository
 * names, and every link of a Markdown file, points at a file that exists and at a heading (or an `<a id>`) it has, the
 * anchor made as GitHub makes it. A section that moves takes its citations with it, or this fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

/** What git ignores (.gitignore) and what is not text: never read. */
const SKIP_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-deploy',
  '.wrangler',
  'test-results',
  'playwright-report',
  'bench-results',
  '.vite',
  '.tsbuild',
])
const TEXT = /\.(?:m?[jt]sx?|mts|json|jsonc|toml|md|css|sql|html|ya?ml|example|txt)$|^\.gitignore$/

type TextFile = { file: string; text: string }

/** The repository's text files, as paths relative to its root. */
function readRepository(): TextFile[] {
  const out: TextFile[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(rel)
      } else if (TEXT.test(entry.name) && entry.name !== 'worker-configuration.d.ts') {
        out.push({ file: rel, text: readFileSync(path.join(ROOT, rel), 'utf8') })
      }
    }
  }
  walk('')
  return out
}

/**
 * A heading's anchor as GitHub makes it (github-slugger): the heading's text without its Markdown, lower-cased,
 * punctuation dropped (letters, digits, `_` and `-` stay), each space a hyphen.
 */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a Markdown text has: its headings' (a repeated one numbered `-1`, `-2`…) and its `<a id>`/`name`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (heading) {
      const slug = slugOf(heading[1]!)
      const count = seen.get(slug) ?? 0
      seen.set(slug, count + 1)
      anchors.add(count === 0 ? slug : `${slug}-${count}`)
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!)
  }
  return anchors
}

type Citation = { at: string; target: string; anchor: string | null }

/** A cited `docs/….md` named from the repository's root, in any file (not a Markdown link's target: see below). */
const ROOT_CITATION = /(?<![\w./-])(docs\/[a-z0-9_./-]*[a-z0-9_-]\.md)(?:#([a-z0-9_-]+))?/g
/** A Markdown link's target: a path relative to the file, an anchor of the same file, or both. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g

/** The citations of one file, each with the repository path it points at. */
function citationsOf({ file, text }: TextFile): Citation[] {
  const found: Citation[] = []
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`
    for (const m of line.matchAll(ROOT_CITATION)) {
      if (line.slice(0, m.index).endsWith('](')) continue
      found.push({ at, target: m[1]!, anchor: m[2] ?? null })
    }
    if (!file.endsWith('.md')) return
    // A link inside a code span is an example, not a link.
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
      const link = m[1]!
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue
      const [pathPart = '', anchor = null] = link.split('#') as [string, string?]
      const target = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file
      found.push({ at, target: target.replace(/\/$/, ''), anchor: anchor || null })
    }
  })
  return found
}

/** The citations that name no file of the repository, or an anchor their Markdown file does not have. */
function findBrokenCitations(files: readonly TextFile[], exists: (target: string) => boolean): string[] {
  const markdown = new Map(files.filter((f) => f.file.endsWith('.md')).map((f) => [f.file, f.text]))
  const anchors = new Map<string, Set<string>>()
  const broken: string[] = []
  for (const source of files) {
    for (const { at, target, anchor } of citationsOf(source)) {
      if (!markdown.has(target) && !exists(target)) {
        broken.push(`${at}: ${target} does not exist`)
        continue
      }
      if (anchor === null || !target.endsWith('.md')) continue
      let known = anchors.get(target)
      if (!known) anchors.set(target, (known = anchorsOf(markdown.get(target) ?? '')))
      if (!known.has(anchor)) broken.push(`${at}: ${target} has no #${anchor}`)
    }
  }
  return broken
}

describe('citations of docs/ (docs/architecture.md#rule-13)', () => {
  it('names only files that exist and anchors their headings have, everywhere in the repository', () => {
    const files = readRepository()
    expect(files.filter((f) => f.file.startsWith('docs/decisions/')).length).toBeGreaterThan(30)
    expect(findBrokenCitations(files, (target) => existsSync(path.join(ROOT, target)))).toEqual([])
  })

  it('makes anchors as GitHub does: no Markdown, no punctuation, a number for a repeated heading', () => {
    expect(slugOf('Rule 16')).toBe('rule-16')
    expect(slugOf('Demo accounts (reference gateway, seeded by `npm start`)')).toBe(
      'demo-accounts-reference-gateway-seeded-by-npm-start',
    )
    expect(slugOf('`DEV_MODE` and the [dev surface](security.md#dev-surface)')).toBe('dev_mode-and-the-dev-surface')
    expect(slugOf("Payload keys: the edge's and the browser's")).toBe('payload-keys-the-edges-and-the-browsers')
    expect([...anchorsOf('# Title\n## Notes\n```\n## not a heading\n```\n### Notes\n<a id="extra"></a>text')]).toEqual([
      'title',
      'notes',
      'notes-1',
      'extra',
    ])
  })

  it('flags a cited file that is missing and an anchor its file lacks, in code and in Markdown links', () => {
    const docs = 'docs'
    const files: TextFile[] = [
      {
        file: `${docs}/a.md`,
        text: '# A\n## Kept section\nSee [b](b.md#gone), [kept](#kept-section), [x](x.md), `[y](y.md)`.',
      },
      { file: `${docs}/b.md`, text: '# B\n<a id="here"></a>' },
      {
        file: 'worker/x.ts',
        text: `// ${docs}/a.md#kept-section, ${docs}/b.md#here\n// ${docs}/a.md#lost and ${docs}/c.md#any`,
      },
    ]
    expect(findBrokenCitations(files, () => false)).toEqual([
      `${docs}/a.md:3: ${docs}/b.md has no #gone`,
      `${docs}/a.md:3: ${docs}/x.md does not exist`,
      `worker/x.ts:2: ${docs}/a.md has no #lost`,
      `worker/x.ts:2: ${docs}/c.md does not exist`,
    ])
  })
})
