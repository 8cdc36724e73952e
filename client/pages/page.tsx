/**
 * `/{slug}`, drawn by `kept/page.tsx`: nothing in it runs in the browser, which keeps the page whole as the edge drew
 * it.
 */
import { keptPage } from '../runtime/static-section'

export const { Page, preload } = keptPage(() => import('./server-only/page').then((m) => m.Page))
