/**
 * Page components by route id: eager on the edge, lazy (one chunk per page) in the browser. A route's page is
 * `pages/{route-id}.tsx`, or `pages/server-only/{route-id}.tsx` for a server-only page, which the registry wraps
 * (`serverOnlyPage`, docs/decisions/0021-static-sections.md).
 */
import type { ComponentType } from 'react'
import type { RouteId } from '../../shared/routing/routes'
import { serverOnlyPage } from './static-section'

/**
 * `preload`: the chunks of the page's static sections (`static-section.tsx`), needed to draw it in the browser.
 */
export type PageModule = { Page: ComponentType; preload?: () => Promise<unknown> }
/** What `import.meta.glob` gives for a folder of page modules, keyed by their paths. */
type PageModules<M> = Record<string, M | (() => Promise<M>)>
export type PageRegistry = {
  /** The component if its module is loaded; pages are always loaded before they render. */
  get: (id: RouteId) => ComponentType | undefined
  /** `drawn`: the browser will draw the page itself (a client navigation), not adopt the edge's markup. */
  load: (id: RouteId, opts?: { drawn?: boolean }) => Promise<ComponentType>
}

/**
 * Builds a registry from `import.meta.glob` results keyed by `…/{route-id}.tsx`: every route has its own page file,
 * in `pages` or, drawn by the edge alone, in `serverOnly` (whose module is loaded only to draw the page in the
 * browser).
 */
export function createRegistry(
  pages: PageModules<PageModule>,
  serverOnly: PageModules<{ Page: ComponentType }> = {},
): PageRegistry {
  const byId = new Map(Object.entries(pages).map(([path, mod]) => [routeIdOf(path), mod]))
  for (const [path, mod] of Object.entries(serverOnly)) {
    const body = typeof mod === 'function' ? mod : () => Promise.resolve(mod)
    byId.set(
      routeIdOf(path),
      serverOnlyPage(() => body().then((m) => m.Page)),
    )
  }
  const loaded = new Map<string, ComponentType>()
  const preloads = new Map<string, () => Promise<unknown>>()
  for (const [id, mod] of byId)
    if (typeof mod !== 'function') {
      loaded.set(id, mod.Page)
      if (mod.preload) preloads.set(id, mod.preload)
    }
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
