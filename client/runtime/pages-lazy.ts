/** The browser's page registry: each page is its own chunk, loaded before it renders. */
import { createRegistry, type PageModule } from './registry'

export const pages = createRegistry(import.meta.glob<PageModule>(['./*.tsx']))
