/** The edge's page registry: every page bundled into the worker. */
import { createRegistry, type PageModule } from './registry'

export const pages = createRegistry(import.meta.glob<PageModule>(['./*.tsx'], { eager: true }))
