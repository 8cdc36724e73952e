/**
 * What the rooms' import rules (`.dependency-cruiser.mjs`, `test/rooms.test.ts`) cannot see in an import: no hand-built
 * portal paths (docs/architecture.md#rule-2), no payload type declared a second time
 * (docs/decisions/0002-payload-keys.md), and page actions named after their routes (docs/architecture.md#adding-a-page).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../shared/routing/routes'

const ROOT = path.resolve(import.meta.dirname, '..')
const SOURCE = /\.(?:m?ts|tsx)$/

/** Source files of a room, as paths relative to the repository root. */
function listSources(room: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel)
      } else if (SOURCE.test(entry.name) && entry.name !== 'worker-configuration.d.ts') out.push(rel)
    }
  }
  walk(room)
  return out
}

type Source = { file: string; text: string }

const isTestFile = (file: string) => /\.(?:test|spec)\.tsx?$/.test(file)

const LOCALE_PREFIX = /^\/(?:uz|ru|en)(?=[/?#]|$)/

/**
 * Style rule 2: a portal path is built only by `href()`/`switchLocalePath()` in shared/routing/match.ts. Flags string
 * and template literals that start with a locale prefix (`'/en/…'`), and templates that start with `/${x}` where `x`
 * is typed as a Locale or named like one.
 */
function findHandBuiltPaths(program: ts.Program, files: readonly string[]): string[] {
  const checker = program.getTypeChecker()
  const isLocaleTyped = (expr: ts.Expression) => {
    if (/(?:^|\.)(?:locale|lang|language)$/i.test(expr.getText())) return true
    const type = checker.getTypeAtLocation(expr)
    const parts = type.isUnion() ? type.types : [type]
    return parts.length > 0 && parts.every((t) => t.isStringLiteral() && /^(?:uz|ru|en)$/.test(t.value))
  }
  const violations: string[] = []
  for (const file of files) {
    const source = program.getSourceFile(path.join(ROOT, file))
    if (!source) throw new Error(`not in the program: ${file}`)
    const report = (node: ts.Node) =>
      violations.push(
        `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`,
      )
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && LOCALE_PREFIX.test(node.text))
        report(node)
      else if (ts.isTemplateExpression(node)) {
        if (LOCALE_PREFIX.test(node.head.text)) report(node)
        else if (node.head.text === '/' && isLocaleTyped(node.templateSpans[0]!.expression)) report(node)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return violations
}

function readSources(rooms: readonly string[]): Source[] {
  return rooms.flatMap(listSources).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
}

const PROGRAM_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  types: [],
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
}

/** Type-checks only as far as needed to know which expressions are locales; type errors are tsc's business. */
function createProgram(files: readonly string[], extra: Record<string, string> = {}): ts.Program {
  const host = ts.createCompilerHost(PROGRAM_OPTIONS)
  const readFile = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.readFile = (name) => extra[name] ?? readFile(name)
  host.fileExists = (name) => name in extra || ts.sys.fileExists(name)
  host.getSourceFile = (name, lang, ...rest) =>
    name in extra ? ts.createSourceFile(name, extra[name]!, lang, true) : getSourceFile(name, lang, ...rest)
  const roots = [
    ...files.map((f) => path.join(ROOT, f)),
    ...Object.keys(extra),
    path.join(ROOT, 'worker/worker-configuration.d.ts'),
  ]
  return ts.createProgram({ rootNames: [...new Set(roots)], options: PROGRAM_OPTIONS, host })
}

/** The type names `contract/gateway/` exports: the one type of each payload (docs/decisions/0002-payload-keys.md). */
function contractTypeNames(): Set<string> {
  const names = new Set<string>()
  for (const file of listSources('contract/gateway').filter((f) => !f.endsWith('.test.ts')))
    for (const m of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^export type (\w+)/gm)) names.add(m[1]!)
  return names
}

/** Declarations of a type or interface that takes a name of `contract`: a hand-written copy of a payload type. */
function findTypeCopies(sources: readonly Source[], contract: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const { file, text } of sources)
    text.split('\n').forEach((line, i) => {
      // A line that ends after the name (`  type Amount,`) names an import, not a declaration.
      const m = /^\s*(?:export\s+)?(?:type|interface)\s+(\w+)(?!\s*,?\s*$)/.exec(line)
      if (m && contract.has(m[1]!)) found.push(`${file}:${i + 1} declares ${m[1]}, a payload type of contract/gateway/`)
    })
  return found
}

describe('one type per payload (docs/decisions/0002-payload-keys.md)', () => {
  it('declares no payload type again in client/, worker/ or shared/: the contract’s is the one', () => {
    const contract = contractTypeNames()
    expect(contract.size).toBeGreaterThan(40)
    const sources = ['client', 'worker', 'shared']
      .flatMap(listSources)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
    expect(findTypeCopies(sources, contract)).toEqual([])
  })

  it('flags a hand-written copy of a payload type, exported or not, and leaves other names alone', () => {
    const found = findTypeCopies(
      [
        {
          file: 'client/features/media/a.ts',
          text: 'export type Post = { id: number }\ntype PostCard = { id: number }',
        },
        { file: 'worker/b.ts', text: 'interface Region {\n  id: number\n}' },
      ],
      new Set(['Post', 'Region']),
    )
    expect(found).toEqual([
      'client/features/media/a.ts:1 declares Post, a payload type of contract/gateway/',
      'worker/b.ts:1 declares Region, a payload type of contract/gateway/',
    ])
  })
})

describe('page actions by convention (docs/architecture.md#adding-a-page)', () => {
  it('names every module in worker/actions/ after a route, and each exports that route’s `action`', () => {
    const ids = new Set<string>(ROUTES.map((r) => r.id))
    const modules = readdirSync(path.join(ROOT, 'worker/actions')).filter((f) => f.endsWith('.ts'))
    expect(modules.length).toBeGreaterThan(0)
    const stray = modules.filter((f) => !ids.has(f.slice(0, -'.ts'.length)))
    expect(stray).toEqual([])
    const withoutAction = modules.filter((f) => {
      const text = readFileSync(path.join(ROOT, 'worker/actions', f), 'utf8')
      return !/^export const action\b/m.test(text)
    })
    expect(withoutAction).toEqual([])
  })
})

describe('URLs from the route table only (docs/architecture.md#rule-2)', () => {
  // Tests of URL parsers need literal inputs (many of them attack strings), so the rule polices the code they test.
  // The console builds its own paths in console/src/paths.ts, the one place its addresses are written.
  const files = readSources(['client', 'worker', 'console'])
    .map((s) => s.file)
    .filter((f) => !f.endsWith('.d.ts') && !isTestFile(f) && f !== 'console/src/paths.ts')
  const probe = 'worker/__probe__.ts'
  const probeText = [
    "import type { Locale } from '../contract/locales'",
    'declare const chosen: Locale',
    'declare const state: { locale: string }',
    'declare const id: string',
    "export const a = '/en/post/1'",
    'export const b = `/ru/post/${id}`',
    'export const c = `/${chosen}/about`',
    'export const d = `/${state.locale}`',
    "export const e = '/ru'",
    '// fine below: gateway keys, assets, other prefixes',
    'export const f = `/siw/public/post/${id}`',
    'export const g = `/${id}`',
    "export const h = '/english'",
    "export const i = '/assets/en.svg'",
  ].join('\n')
  let program: ts.Program | undefined
  const getProgram = () => (program ??= createProgram(files, { [path.join(ROOT, probe)]: probeText }))

  it('finds no hand-built portal path under client/ or worker/, nor a console path outside its paths module', {
    timeout: 60_000,
  }, () => {
    expect(findHandBuiltPaths(getProgram(), files)).toEqual([])
  })

  it('flags locale-prefixed literals and templates that start with a locale', { timeout: 60_000 }, () => {
    const found = findHandBuiltPaths(getProgram(), [probe])
    expect(found.map((v) => v.split(': ')[1])).toEqual([
      "'/en/post/1'",
      '`/ru/post/${id}`',
      '`/${chosen}/about`',
      '`/${state.locale}`',
      "'/ru'",
    ])
  })
})
