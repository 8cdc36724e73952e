/** Page components by route id: eager on the edge, lazy (one chunk per page) in the browser. */
import type { ComponentType } from 'react'
import type { RouteId } from '../../shared/routes'

export type PageModule = { Page: ComponentType }
export type PageRegistry = {
  /** The component if its module is loaded; pages are always loaded before they render. */
  get: (id: RouteId) => ComponentType | undefined
  load: (id: RouteId) => Promise<ComponentType>
}

/** Builds a registry from `import.meta.glob` results keyed by `./{route-id}.tsx`: every route has its own page file. */
export function createRegistry(modules: Record<string, PageModule | (() => Promise<PageModule>)>): PageRegistry {
  const loaded = new Map<string, ComponentType>()
  for (const [path, mod] of Object.entries(modules)) if (typeof mod !== 'function') loaded.set(path.slice(2, -4), mod.Page)
  return {
    get: (id) => loaded.get(id),
    async load(id) {
      const hit = loaded.get(id)
      if (hit) return hit
      const entry = modules[`./${id}.tsx`]
      if (!entry) throw new Error(`No page for route ${id}`)
      const mod = typeof entry === 'function' ? await entry() : entry
      loaded.set(id, mod.Page)
      return mod.Page
    },
  }
}
