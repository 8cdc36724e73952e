/**
 * The page registry in use. The edge installs every page. The browser starts with the document's own page, whose
 * built module the edge names, and loads the registry of every page (a map of chunk names) before it draws another
 * page.
 */
import type { RouteId } from '../../shared/routing/routes'
import { createRegistry, type PageModule, type PageRegistry } from './page-registry'

const installed = {
  first: null as PageRegistry | null,
  whole: null as PageRegistry | null,
  loadWhole: null as (() => Promise<PageRegistry>) | null,
  loading: null as Promise<PageRegistry> | null,
}

/**
 * Edge: the registry of every page. Browser: also how to load it, and the document's own page module if built
 * (`serverOnly`: the module is a server-only page's body, which hydrating the page does not load).
 */
export function installPages(
  whole: PageRegistry | (() => Promise<PageRegistry>),
  first?: { id: RouteId; url: string; serverOnly?: boolean },
) {
  if (typeof whole === 'function') installed.loadWhole = whole
  else installed.whole = whole
  if (!first) return
  const modules = { [`${first.id}.tsx`]: () => import(/* @vite-ignore */ first.url) as Promise<PageModule> }
  installed.first = first.serverOnly ? createRegistry({}, modules) : createRegistry(modules)
}

function whole(): Promise<PageRegistry> {
  if (installed.whole) return Promise.resolve(installed.whole)
  if (!installed.loadWhole) throw new Error('No page registry installed')
  return (installed.loading ??= installed.loadWhole().then((r) => (installed.whole = r)))
}

const view: PageRegistry = {
  get: (id) => installed.whole?.get(id) ?? installed.first?.get(id),
  async load(id, opts) {
    // Hydrating the document's own page needs its module only; drawing a page needs the registry of every page.
    if (!opts?.drawn && installed.first) return installed.first.load(id)
    return (await whole()).load(id, opts)
  },
}

export function getPages(): PageRegistry {
  return view
}

/** Loads a page's chunk; `drawn`: also what the browser needs to draw it rather than adopt the edge's markup. */
export function preloadPage(id: RouteId, opts?: { drawn?: boolean }): Promise<unknown> {
  return getPages().load(id, opts)
}
