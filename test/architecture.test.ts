/**
 * Style rules 1 and 2 (docs/architecture.md#rule-1, #rule-2) as a lint: which room may import which, and no hand-built
 * portal paths.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../shared/routing/routes'

const ROOT = path.resolve(import.meta.dirname, '..')
const ROOMS = ['contract', 'platform', 'shared', 'worker', 'client', 'gateway', 'console', 'test', 'locales'] as const
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
type Import = { specifier: string; line: number }

/** Every module specifier a file names: static and dynamic imports, re-exports and `import('x')` types. */
function readImports(source: ts.SourceFile): Import[] {
  const found: Import[] = []
  const add = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      found.push({
        specifier: specifier.text,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      })
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression)
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0])
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The repository path a relative specifier points at (no extension), or null for a package or virtual module. */
function resolveRelative(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return path.posix
    .normalize(path.posix.join(path.posix.dirname(file), specifier))
    .replace(/\.(?:m?[jt]sx?|json)$/, '')
    .replace(/\/index$/, '')
}

const roomOf = (repoPath: string) => repoPath.split('/')[0] ?? ''
const isTestFile = (file: string) => /\.(?:test|spec)\.tsx?$/.test(file)

/** Packages that tie code to one side: `shared/` must run in both. */
const SIDE_PACKAGES = /^(?:hono|react|react-dom|swr|sonner|scheduler)(?:\/|$)|^(?:cloudflare|node|virtual):/

/** The leaves every worker may share (docs/architecture.md#rooms): the APIs' contracts and the workers' plumbing. */
const LEAVES = ['contract', 'platform']

/** Style rule 1: which room may import which. */
function findImportViolations(sources: readonly Source[]): string[] {
  const violations: string[] = []
  for (const { file, text } of sources) {
    const room = roomOf(file)
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
    for (const { specifier, line } of readImports(source)) {
      const at = `${file}:${line} imports '${specifier}'`
      const target = resolveRelative(file, specifier)
      const targetRoom = target === null ? null : roomOf(target)
      if (target !== null && !(ROOMS as readonly string[]).includes(targetRoom!))
        violations.push(`${at}: outside the rooms`)
      if (room === 'contract') {
        if (target !== null && targetRoom !== 'contract') violations.push(`${at}: contract/ imports only contract/`)
        if (target === null && specifier !== 'valibot' && !isTestFile(file))
          violations.push(`${at}: contract/ depends on valibot alone`)
      } else if (room === 'platform') {
        if (target !== null && !LEAVES.includes(targetRoom!))
          violations.push(`${at}: platform/ imports only platform/ and contract/`)
      } else if (room === 'shared') {
        if (target !== null && targetRoom !== 'shared' && targetRoom !== 'contract')
          violations.push(`${at}: shared/ imports nothing outside shared/ and contract/`)
        if (target === null && SIDE_PACKAGES.test(specifier) && !(isTestFile(file) && /^node:/.test(specifier))) {
          violations.push(`${at}: shared/ imports neither hono nor react nor a runtime`)
        }
      } else if (room === 'worker') {
        if (targetRoom === 'client' && target !== 'client/server')
          violations.push(`${at}: worker/ imports only client/server from client/`)
        if (targetRoom === 'gateway' || targetRoom === 'console' || targetRoom === 'test')
          violations.push(`${at}: worker/ imports shared/ and client/server only`)
      } else if (room === 'client') {
        if (['worker', 'gateway', 'console', 'test', 'platform'].includes(targetRoom!))
          violations.push(`${at}: client/ imports shared/ and contract/ only`)
        if (target !== null && targetRoom === 'client') {
          const problem = clientRoomProblem(file, target)
          if (problem) violations.push(`${at}: ${problem}`)
        }
      } else if (room === 'gateway') {
        if (target !== null && targetRoom !== 'gateway' && !LEAVES.includes(targetRoom!))
          violations.push(`${at}: gateway/ stands alone but for contract/ and platform/`)
      } else if (room === 'console') {
        // The console shares shared/ and the two leaves (the operators' contract, the Access verifier), nothing else.
        const allowed = targetRoom === 'console' || targetRoom === 'shared' || LEAVES.includes(targetRoom!)
        if (target !== null && !allowed && !isTestFile(file))
          violations.push(`${at}: console/ imports shared/, contract/ and platform/ only`)
      }
    }
  }
  return violations
}

/** The rooms of client/ (docs/architecture.md#client-rooms), and the two entry modules at its root. */
const CLIENT_ROOMS = ['runtime', 'ui', 'lib', 'shell', 'features', 'pages', 'styles'] as const
const CLIENT_ENTRIES = ['client/entry.tsx', 'client/server.ts']

/** Where a client/ path lives: its room, and for a feature its name. */
function clientPlace(repoPath: string): { room: string; feature?: string } {
  const [, room = '', feature] = repoPath.split('/')
  return room === 'features' ? { room, feature } : { room }
}

/**
 * Which room of client/ may import which: ui/ and lib/ are the bottom (no feature, shell or page), runtime/ imports no
 * feature or page, and a feature reaches another only through the module named after it (`features/x/x.ts`).
 */
function clientRoomProblem(file: string, target: string): string | null {
  const from = clientPlace(file)
  const to = clientPlace(target)
  const upper = ['features', 'shell', 'pages']
  if ((from.room === 'ui' || from.room === 'lib') && upper.includes(to.room))
    return `client/${from.room}/ imports no feature, shell or page`
  if (from.room === 'lib' && to.room === 'ui') return 'client/lib/ imports no ui'
  if (from.room === 'runtime' && (to.room === 'features' || to.room === 'pages'))
    return 'client/runtime/ imports no feature or page (the page registry finds pages by convention)'
  if (from.room === 'shell' && to.room === 'pages') return 'client/shell/ imports no page'
  if (from.room === 'features' && to.room === 'features' && from.feature !== to.feature) {
    const publicModule = `client/features/${to.feature}/${to.feature}`
    if (target !== publicModule) return `a feature imports another only through its own module (${publicModule})`
  }
  return null
}

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

describe('rooms (docs/architecture.md#rule-1)', () => {
  it('keeps every import of every room inside its allowed rooms', { timeout: 60_000 }, () => {
    const rooms = ['contract', 'platform', 'shared', 'worker', 'client', 'gateway', 'console']
    expect(findImportViolations(readSources(rooms))).toEqual([])
  })

  it('flags console/ importing gateway internals or the portal, but not shared/ or the leaves', () => {
    const found = findImportViolations([
      {
        file: 'console/src/x.tsx',
        text: [
          "import { LOCALES } from '../../shared/constants'",
          "import { verifyAccessAssertion } from '../../platform/access'",
          "import { approveRegistration } from '../../gateway/src/lib/registrations'",
          "import { Button } from '../../client/components/button'",
          "import { createApp } from '../../worker/app'",
        ].join('\n'),
      },
      { file: 'worker/y.ts', text: "import { paths } from '../console/src/paths'\n" },
    ])
    const only = ': console/ imports shared/, contract/ and platform/ only'
    expect(found).toEqual([
      `console/src/x.tsx:3 imports '../../gateway/src/lib/registrations'${only}`,
      `console/src/x.tsx:4 imports '../../client/components/button'${only}`,
      `console/src/x.tsx:5 imports '../../worker/app'${only}`,
      "worker/y.ts:1 imports '../console/src/paths': worker/ imports shared/ and client/server only",
    ])
  })

  it('flags shared/ importing hono, react, a runtime module or another room', () => {
    const found = findImportViolations([
      {
        file: 'shared/a.ts',
        text: "import { Hono } from 'hono'\nimport type { FC } from 'react'\nimport { env } from 'cloudflare:workers'\nimport { x } from '../worker/app'\nexport { y } from '../client/runtime/data'\n",
      },
      {
        file: 'shared/b.ts',
        text: "import * as v from 'valibot'\nimport { apiKey } from './api-keys'\nexport type T = import('./routes').Route\n",
      },
    ])
    expect(found).toHaveLength(5)
    expect(found.every((v) => v.startsWith('shared/a.ts'))).toBe(true)
  })

  it('flags worker/ importing a client internal but not client/server', () => {
    const found = findImportViolations([
      {
        file: 'worker/x.ts',
        text: "import { Root } from '../client/server'\nimport { App } from '../client/runtime/app'\nconst m = await import('../client/runtime/data')\n",
      },
    ])
    expect(found).toEqual([
      "worker/x.ts:2 imports '../client/runtime/app': worker/ imports only client/server from client/",
      "worker/x.ts:3 imports '../client/runtime/data': worker/ imports only client/server from client/",
    ])
  })

  it('flags client/ importing worker/ and gateway/ importing any portal room, but not the leaves', () => {
    const found = findImportViolations([
      { file: 'client/pages/x.tsx', text: "import type { AppEnv } from '../../worker/types'\n" },
      {
        file: 'gateway/src/x.ts',
        text: [
          "import { LOCALES } from '../../shared/constants'",
          "import { ok } from './lib/envelope'",
          "import { PostSchema } from '../../contract/gateway/media'",
          "import { logRequests } from '../../platform/request-log'",
        ].join('\n'),
      },
    ])
    expect(found).toEqual([
      "client/pages/x.tsx:1 imports '../../worker/types': client/ imports shared/ and contract/ only",
      "gateway/src/x.ts:1 imports '../../shared/constants': gateway/ stands alone but for contract/ and platform/",
    ])
  })

  it('flags contract/ importing anything but valibot and itself, and platform/ importing a worker', () => {
    const found = findImportViolations([
      {
        file: 'contract/gateway/x.ts',
        text: "import * as v from 'valibot'\nimport { IdSchema } from './common'\nimport { LOCALES } from '../../shared/constants'\nimport { Hono } from 'hono'\n",
      },
      {
        file: 'platform/x.ts',
        text: "import { Hono } from 'hono'\nimport { fail } from '../gateway/src/lib/envelope'\n",
      },
    ])
    expect(found).toEqual([
      "contract/gateway/x.ts:3 imports '../../shared/constants': contract/ imports only contract/",
      "contract/gateway/x.ts:4 imports 'hono': contract/ depends on valibot alone",
      "platform/x.ts:2 imports '../gateway/src/lib/envelope': platform/ imports only platform/ and contract/",
    ])
  })
})

describe('rooms of client/ (docs/architecture.md#client-rooms)', () => {
  it('holds every client module in a room, beside the browser entry and the edge entry', () => {
    const stray = listSources('client').filter(
      (file) => !CLIENT_ENTRIES.includes(file) && !(CLIENT_ROOMS as readonly string[]).includes(clientPlace(file).room),
    )
    expect(stray).toEqual([])
  })

  it('flags ui/ or lib/ importing a feature, runtime/ a page, and a feature reaching into another', () => {
    const found = findImportViolations([
      {
        file: 'client/ui/a.tsx',
        text: "import { X } from '../features/appeals/appeal-dialog'\nimport { Y } from './b'\n",
      },
      { file: 'client/lib/a.ts', text: "import { Button } from '../ui/button'\nimport { t } from '../runtime/i18n'\n" },
      {
        file: 'client/runtime/a.tsx',
        text: "import { Page } from '../pages/home'\nimport { Icon } from '../ui/icon'\n",
      },
      {
        file: 'client/features/site/a.tsx',
        text: [
          "import { challenge } from '../bot-protection/bot-challenge'",
          "import { protect } from '../bot-protection/bot-protection'",
          "import { x } from './b'",
          "import { Layout } from '../../shell/layout'",
        ].join('\n'),
      },
    ])
    expect(found).toEqual([
      "client/ui/a.tsx:1 imports '../features/appeals/appeal-dialog': client/ui/ imports no feature, shell or page",
      "client/lib/a.ts:1 imports '../ui/button': client/lib/ imports no ui",
      "client/runtime/a.tsx:1 imports '../pages/home': client/runtime/ imports no feature or page (the page registry finds pages by convention)",
      "client/features/site/a.tsx:1 imports '../bot-protection/bot-challenge': a feature imports another only through its own module (client/features/bot-protection/bot-protection)",
    ])
  })
})

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
