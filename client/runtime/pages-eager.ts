/** The edge's page registry: every page bundled into the worker (a server-only page's body in a chunk of its own). */
import { createRegistry, type PageModule } from './page-registry'

export const pages = createRegistry(
  import.meta.glob<PageModule>(['../pages/*.tsx'], { eager: true }),
  import.meta.glob<PageModule>(['../pages/server-only/*.tsx']),
)
