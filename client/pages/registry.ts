/** Page components by route id: eager on the edge, lazy (one chunk per page) in the browser. */
import type { ComponentType } from 'react'
import type { RouteId } from '../../shared/routes'

/** `preload`: the chunks of sections the page keeps as the edge drew them (`kept.tsx`), needed to draw it in the browser. */
export type PageModule = { Page: ComponentType; preload?: () => Promise<unknown> }
export type PageRegistry = {
  /** The component if its module is loaded; pages are always loaded before they render. */
  get: (id: RouteId) => ComponentType | undefined
  /** `drawn`: the browser will draw the page itself (a client navigation), not adopt the edge's markup. */
  load: (id: RouteId, opts?: { drawn?: boolean }) => Promise<ComponentType>
}

/** Builds a registry from `import.meta.glob` results keyed by `./{route-id}.tsx`. */
export function createRegistry(modules: Record<string, PageModule | (() => Promise<PageModule>)>, fallback: string): PageRegistry {
  const loaded = new Map<string, ComponentType>()
  const preloads = new Map<string, () => Promise<unknown>>()
  const entryFor = (id: string) => modules[`./${id}.tsx`] ?? modules[`./${fallback}.tsx`]
  for (const [path, mod] of Object.entries(modules)) if (typeof mod !== 'function') loaded.set(path.slice(2, -4), mod.Page)
  const resolvedId = (id: string) => (modules[`./${id}.tsx`] ? id : fallback)
  return {
    get: (id) => loaded.get(resolvedId(id)),
    async load(id, opts = {}) {
      const key = resolvedId(id)
      let page = loaded.get(key)
      if (!page) {
        const entry = entryFor(id)
        if (!entry) throw new Error(`No page for route ${id}`)
        const mod = typeof entry === 'function' ? await entry() : entry
        loaded.set(key, (page = mod.Page))
        if (mod.preload) preloads.set(key, mod.preload)
      }
      if (opts.drawn) await preloads.get(key)?.()
      return page
    },
  }
}
