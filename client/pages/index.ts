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

export function preloadPage(id: RouteId): Promise<unknown> {
  return getPages().load(id)
}
