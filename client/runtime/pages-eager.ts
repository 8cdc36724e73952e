/** The edge's page registry: every page bundled into the worker. */
import { createRegistry, type PageModule } from './page-registry'

export const pages = createRegistry(import.meta.glob<PageModule>(['../pages/*.tsx'], { eager: true }))
