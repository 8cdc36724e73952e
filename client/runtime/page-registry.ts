/** Page components by route id: eager on the edge, lazy (one chunk per page) in the browser. */
import type { ComponentType } from 'react'
import type { RouteId } from '../../shared/routes'

/**
 * `preload`: the chunks of sections the page keeps as the edge drew them (`kept.tsx`), needed to draw it in the
 * browser.
 */
export type PageModule = { Page: ComponentType; preload?: () => Promise<unknown> }
export type PageRegistry = {
  /** The component if its module is loaded; pages are always loaded before they render. */
  get: (id: RouteId) => ComponentType | undefined
  /** `drawn`: the browser will draw the page itself (a client navigation), not adopt the edge's markup. */
  load: (id: RouteId, opts?: { drawn?: boolean }) => Promise<ComponentType>
}

/** Builds a registry from `import.meta.glob` results keyed by `…/{route-id}.tsx`: every route has its own page file. */
export function createRegistry(modules: Record<string, PageModule | (() => Promise<PageModule>)>): PageRegistry {
  const loaded = new Map<string, ComponentType>()
  const preloads = new Map<string, () => Promise<unknown>>()
  const byId = new Map(Object.entries(modules).map(([path, mod]) => [routeIdOf(path), mod]))
  for (const [id, mod] of byId) if (typeof mod !== 'function') loaded.set(id, mod.Page)
  return {
    get: (id) => loaded.get(id),
    async load(id, opts = {}) {
      let page = loaded.get(id)
      if (!page) {
        const entry = byId.get(id)
        if (!entry) throw new Error(`No page for route ${id}`)
        const mod = typeof entry === 'function' ? await entry() : entry
        loaded.set(id, (page = mod.Page))
        if (mod.preload) preloads.set(id, mod.preload)
      }
      if (opts.drawn) await preloads.get(id)?.()
      return page
    },
  }
}

/** `../pages/about.tsx` → `about`. */
const routeIdOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.tsx'.length)
