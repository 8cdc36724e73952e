/** The page registry in use, installed by the entry (browser) or the renderer (edge). */
import type { RouteId } from '../../shared/routes'
import type { PageRegistry } from './registry'

let registry: PageRegistry | null = null

export function installPages(r: PageRegistry) {
  registry = r
}

export function getPages(): PageRegistry {
  if (!registry) throw new Error('No page registry installed')
  return registry
}

/** Loads a page's chunk; `drawn`: also what the browser needs to draw it rather than adopt the edge's markup. */
export function preloadPage(id: RouteId, opts?: { drawn?: boolean }): Promise<unknown> {
  return getPages().load(id, opts)
}
