/**
 * CI checks the first-load JS budget of content pages against the production build: what the boot script loads for a
 * page (the entry, its imports and the page's chunks), gzipped at the default level as served.
 * `test/e2e/budgets.spec.ts`
 * measures the same in Chromium, with what loads later in the first view.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { firstLoad } from './bench/first-load'

const budgets = JSON.parse(readFileSync('test/bench/budgets.json', 'utf8')) as {
  firstLoadJsGzipBytes: { content: number }
  contentRoutes: string[]
}

// Runs after `vite build` (npm test builds first); without a build the manifest read fails the test.
describe('first-load JavaScript budget', () => {
  for (const route of budgets.contentRoutes) {
    it(`keeps the ${route} page within ${budgets.firstLoadJsGzipBytes.content} bytes of gzipped JS`, () => {
      const { gzipBytes } = firstLoad(route)
      expect(gzipBytes).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytes.content)
    })
  }
})
