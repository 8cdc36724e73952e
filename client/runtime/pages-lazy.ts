/** The browser's page registry: each page is its own chunk, loaded before it renders. */
import { createRegistry, type PageModule } from './page-registry'

export const pages = createRegistry(
  import.meta.glob<PageModule>(['../pages/*.tsx']),
  import.meta.glob<PageModule>(['../pages/server-only/*.tsx']),
)
