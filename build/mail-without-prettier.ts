/**
 * The gateway's mail templates render with `@react-email/render` (docs/decisions/0046-mail-templates.md), which loads
 * prettier only for its `pretty` option. The gateway never asks for it, yet the bundler would ship prettier's HTML
 * printer (about 300 KB) beside the worker; this stands a module in for it that says so if it is ever called.
 */
import type { Plugin } from 'vite'

const PRETTIER = new Set(['prettier/standalone', 'prettier/plugins/html'])
const STAND_IN = '\0mail-without-prettier'

export function mailWithoutPrettier(): Plugin {
  return {
    name: 'invest-portal:mail-without-prettier',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'invest_portal_gateway',
    resolveId(id) {
      if (PRETTIER.has(id)) return STAND_IN
    },
    load(id) {
      if (id === STAND_IN)
        return 'export function format() { throw new Error("prettier is not in the gateway\'s bundle: render mail without `pretty`") }\nexport default {}'
    },
  }
}
