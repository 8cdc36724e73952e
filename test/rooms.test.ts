/**
 * The room rules (`.dependency-cruiser.mjs`, docs/architecture.md#rooms) fail on a module that breaks them: a small
 * repository with one import for each way of breaking a rule, beside imports the rules allow, cruised with the
 * project's own configuration.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Each file's imports; a line with `// ok` is allowed, every other import breaks the rules its comment names. */
const FILES: Record<string, string[]> = {
  'contract/ok.ts': ["import * as v from 'valibot' // ok", 'export const S = v.string()'],
  'contract/bad.ts': [
    "import { S } from './ok' // ok",
    "import { Hono } from 'hono' // contract-depends-on-valibot-alone",
    "import { y } from '../shared/ok' // contract-imports-contract",
    'export const all = [S, Hono, y]',
  ],
  'contract/ok.test.ts': ["import { it } from 'vitest' // ok", 'it.todo(String(1))'],

  'platform/ok.ts': [
    "import { Hono } from 'hono' // ok",
    "import * as v from 'valibot' // ok",
    "import { S } from '../contract/ok' // ok",
    'export const p = [Hono, v, S]',
  ],
  'platform/bad.ts': [
    "import { isbot } from 'isbot' // platform-depends-on-hono-and-valibot",
    "import { w } from '../worker/ok' // platform-imports-leaves",
    'export const all = [isbot, w]',
  ],

  'shared/ok.ts': [
    "import * as v from 'valibot' // ok",
    "import { S } from '../contract/ok' // ok",
    "import type { A } from './circle-a' // ok",
    'export const y: A | null = null',
    'export const all = [v, S]',
  ],
  'shared/bad.ts': [
    "import { Hono } from 'hono' // shared-runs-on-both-sides",
    "import type { FC } from 'react' // shared-runs-on-both-sides",
    "import { env } from 'cloudflare:workers' // shared-runs-on-both-sides",
    "import { readFileSync } from 'node:fs' // shared-imports-no-node-built-in",
    "import { w } from '../worker/ok' // shared-imports-shared-and-contract",
    'export const all: unknown[] = [Hono, env, readFileSync, w, null as FC | null]',
  ],
  'shared/ok.test.ts': ["import { readFileSync } from 'node:fs' // ok", 'export const read = readFileSync'],
  // A circle of types is a circle, reported once.
  'shared/circle-a.ts': ["import type { B } from './circle-b' // no-circular", 'export type A = { b?: B }'],
  'shared/circle-b.ts': ["import type { A } from './circle-a' // ok: the same circle", 'export type B = { a?: A }'],

  'worker/ok.ts': [
    "import { Root } from '../client/server' // ok",
    "import { y } from '../shared/ok' // ok",
    "import { p } from '../platform/ok' // ok",
    "import en from '../locales/en.json' // ok",
    'export const w = [Root, y, p, en]',
  ],
  'worker/bad.ts': [
    "import { App } from '../client/shell/app' // worker-rooms",
    "import { g } from '../gateway/ok' // worker-rooms",
    "import { c } from '../console/ok' // worker-rooms",
    "import { h } from '../test/helpers' // worker-rooms",
    "import { b } from '../build/tool' // worker-rooms outside-the-rooms",
    'export const all = [App, g, c, h, b]',
  ],

  'client/server.ts': ["export { App as Root } from './shell/app' // ok"],
  'client/entry.tsx': ["import { App } from './shell/app' // ok", 'export const e = App'],
  'client/runtime/ok.ts': ["import { y } from '../../shared/ok' // ok", 'export const r = y'],
  'client/runtime/bad.ts': [
    "import { Button } from '../ui/button' // client-runtime-is-the-ground-floor",
    'export const all = [Button]',
  ],
  'client/ui/button.tsx': ["import { r } from '../runtime/ok' // ok", 'export const Button = r'],
  'client/ui/bad.ts': [
    "import { Dialog } from '../features/appeals/appeal-dialog' // client-ui-lib-below-shell",
    "import { App } from '../shell/app' // client-ui-lib-below-shell",
    'export const all = [Dialog, App]',
  ],
  'client/lib/bad.ts': ["import { Button } from '../ui/button' // client-lib-draws-nothing", 'export const l = Button'],
  'client/shell/app.tsx': [
    "import { r } from '../runtime/ok' // ok",
    "import { Button } from '../ui/button' // ok",
    "import { appeals } from '../features/appeals/appeals' // ok",
    'export const App = [r, Button, appeals]',
  ],
  'client/shell/bad.ts': ["import { Page } from '../pages/home' // client-shell-no-page", 'export const s = Page'],
  'client/features/appeals/appeals.ts': [
    "import { Dialog } from './appeal-dialog' // ok",
    'export const appeals = Dialog',
  ],
  'client/features/appeals/appeal-dialog.tsx': [
    "import { Button } from '../../ui/button' // ok",
    'export const Dialog = Button',
  ],
  'client/features/site/own.ts': ['export const own = 1'],
  'client/features/site/bad.ts': [
    "import { own } from './own' // ok",
    "import { appeals } from '../appeals/appeals' // ok",
    "import { Dialog } from '../appeals/appeal-dialog' // client-feature-through-its-module",
    'export const all = [own, appeals, Dialog]',
  ],
  'client/pages/home.tsx': [
    "import { App } from '../shell/app' // ok",
    "import { stray } from '../stray' // client-module-in-a-room-imported",
    'export const Page = [App, stray]',
  ],
  'client/pages/bad.ts': [
    "import { w } from '../../worker/ok' // client-rooms",
    "import { p } from '../../platform/ok' // client-rooms",
    'export const all = [w, p]',
  ],
  // Not in a room (the rule names the module itself, whoever imports it).
  'client/stray.ts': ['export const stray = 1 // client-module-in-a-room'],

  'gateway/ok.ts': [
    "import { S } from '../contract/ok' // ok",
    "import { p } from '../platform/ok' // ok",
    'export const g = [S, p]',
  ],
  'gateway/bad.ts': [
    "import { y } from '../shared/ok' // gateway-stands-alone",
    "import seed from './seed/posts.json' // seed-only-for-the-dev-room",
    'export const all = [y, seed]',
  ],
  'gateway/seed/posts.json': ['[]'],
  'gateway/src/dev/seed.ts': ["import seed from '../../seed/posts.json' // ok", 'export const s = seed'],
  'gateway/test/seed.test.ts': ["import seed from '../seed/posts.json' // ok", 'export const s = seed'],

  'console/ok.ts': [
    "import { y } from '../shared/ok' // ok",
    "import { S } from '../contract/ok' // ok",
    "import { p } from '../platform/ok' // ok",
    'export const c = [y, S, p]',
  ],
  'console/bad.ts': [
    "import { g } from '../gateway/ok' // console-rooms",
    "import { App } from '../client/shell/app' // console-rooms",
    "import { e } from './browser/ok' // console-worker-leaves-browser",
    'export const all = [g, App, e]',
  ],
  'console/browser/ok.ts': ["import { S } from '../../contract/ok' // ok", 'export const e = [S]'],
  'console/browser/bad.ts': [
    "import { c } from '../ok' // console-browser-imports",
    "import { y } from '../../shared/ok' // console-browser-imports",
    'export const all = [c, y]',
  ],
  'console/ok.test.ts': ["import { g } from '../gateway/ok' // ok", 'export const all = [g]'],

  'test/helpers.ts': [
    "import { g } from '../gateway/ok' // ok",
    "import { b } from '../build/tool' // ok",
    'export const h = [g, b]',
  ],
  'build/tool.ts': ['export const b = 1'],
  'locales/en.json': ['{}'],
}

/** What the comments above say the rules must report: `rule: from → to`, the module itself for a module rule. */
function expectedViolations(): string[] {
  const found: string[] = []
  for (const [file, lines] of Object.entries(FILES))
    for (const line of lines) {
      const comment = /\/\/ (.+)$/.exec(line)?.[1]
      if (!comment || comment.startsWith('ok')) continue
      // A built-in is reported without its `node:` prefix.
      const specifier = /from '(?:node:)?([^']+)'/.exec(line)?.[1]
      for (const rule of comment.split(' ')) found.push(`${rule}: ${file} → ${specifier ?? file}`)
    }
  return found.sort()
}

let fixture = ''
let result: ICruiseResult

beforeAll(async () => {
  fixture = mkdtempSync(path.join(tmpdir(), 'rooms-'))
  for (const [file, lines] of Object.entries(FILES)) {
    mkdirSync(path.join(fixture, path.dirname(file)), { recursive: true })
    writeFileSync(path.join(fixture, file), `${lines.join('\n')}\n`)
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(fixture, 'node_modules'), 'dir')
  const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.mjs'))
  const tsConfig = extractTSConfig(path.join(ROOT, 'tsconfig.base.json'))
  const rooms = ['contract', 'platform', 'shared', 'worker', 'client', 'gateway', 'console', 'test']
  const cruised = await cruise(rooms, { ...options, baseDir: fixture, outputType: 'json' }, {}, { tsConfig })
  result = (typeof cruised.output === 'string' ? JSON.parse(cruised.output) : cruised.output) as ICruiseResult
}, 60_000)

afterAll(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true })
})

describe('the room rules (.dependency-cruiser.mjs)', () => {
  it('report each import that breaks a rule, as an error, and none of the imports the rooms allow', () => {
    const reported = result.summary.violations.map((v) => {
      // Report a package or built-in by the name it was imported as, a repository file by its path with what the
      // specifier in FILES says (the specifier is relative; the report names the file).
      const from = result.modules.find((m) => m.source === v.from)
      const dependency = from?.dependencies.find((d) => d.resolved === v.to)
      const to = v.from === v.to ? v.from : (dependency?.module ?? v.to)
      return `${v.rule.name}: ${v.from} → ${to}`
    })
    expect(reported.sort()).toEqual(expectedViolations())
    expect(result.summary.violations.every((v) => v.rule.severity === 'error')).toBe(true)
    expect(result.summary.error).toBe(expectedViolations().length)
  })

  it('names every rule of the configuration in the fixture, so none goes untested', async () => {
    const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.mjs'))
    const rules = (options.ruleSet?.forbidden ?? []).map((r) => r.name)
    const broken = new Set(result.summary.violations.map((v) => v.rule.name))
    expect(rules.filter((name) => !broken.has(name!))).toEqual([])
  })
})
