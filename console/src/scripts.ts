/**
 * The console's own browser scripts (docs/decisions/0055-console-editor.md): built into the worker from
 * `console/browser/` (`virtual:console-scripts`), served at content-hashed paths, immutable. A page names the scripts
 * it runs; render.tsx writes their tags with the page's nonce, so the CSP lets only these files run.
 */

import scripts from 'virtual:console-scripts'
import type { Context } from 'hono'
import type { ConsoleEnv } from './context'

export type ConsoleScriptName = keyof typeof scripts

/** Where the console serves a script. */
export const scriptPath = (name: ConsoleScriptName): string => scripts[name].path

const byPath = new Map(Object.values(scripts).map((s) => [s.path, s.code]))

/** Answers a script by its path; its name changes with its text, so a browser keeps it for a year. */
export async function serveScript(c: Context<ConsoleEnv>): Promise<Response> {
  const code = byPath.get(c.req.path)
  if (code === undefined) return c.notFound()
  return c.body(code, 200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
}
