#!/usr/bin/env node
// The engine suite's entry (docs/architecture.md#tests): the suite is TypeScript run by Node's own type stripping, and
// the shared route table it takes its URLs from imports its siblings without an extension, as the bundler allows;
// this hook resolves those to their `.ts` files, then the suite runs.
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

registerHooks({
  resolve(specifier, context, next) {
    if (
      /^\.\.?\//.test(specifier) &&
      !/\.[cm]?[jt]sx?$|\.json$/.test(specifier) &&
      context.parentURL?.endsWith('.ts')
    ) {
      const url = new URL(`${specifier}.ts`, context.parentURL)
      if (existsSync(fileURLToPath(url))) return next(url.href, context)
    }
    return next(specifier, context)
  },
})

await import('./main.ts')
