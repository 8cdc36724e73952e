/** Page components by route id: eager on the edge, lazy (one chunk per page) in the browser. */
import type { ComponentType } from 'react'
import type { RouteId } from '../../shared/routes'

export type PageModule = { Page: ComponentType }
export type PageRegistry = {
  /** The component if its module is loaded; pages are always loaded before they render. */
  get: (id: RouteId) => ComponentType | undefined
  load: (id: RouteId) => Promise<ComponentType>
}

/** Builds a registry from `import.meta.glob` results keyed by `./{route-id}.tsx`. */
export function createRegistry(modules: Record<string, PageModule | (() => Promise<PageModule>)>, fallback: string): PageRegistry {
  const loaded = new Map<string, ComponentType>()
  const entryFor = (id: string) => modules[`./${id}.tsx`] ?? modules[`./${fallback}.tsx`]
  for (const [path, mod] of Object.entries(modules)) if (typeof mod !== 'function') loaded.set(path.slice(2, -4), mod.Page)
  const resolvedId = (id: string) => (modules[`./${id}.tsx`] ? id : fallback)
  return {
    get: (id) => loaded.get(resolvedId(id)),
    async load(id) {
      const key = resolvedId(id)
      const hit = loaded.get(key)
      if (hit) return hit
      const entry = entryFor(id)
      if (!entry) throw new Error(`No page for route ${id}`)
      const mod = typeof entry === 'function' ? await entry() : entry
      loaded.set(key, mod.Page)
      return mod.Page
    },
  }
}
