/**
 * `/guide/partnership`, drawn by `kept/guide-partnership.tsx`: nothing in it runs in the browser, which keeps the page
 * whole as the edge drew it.
 */
import { keptPage } from '../runtime/static-section'

export const { Page, preload } = keptPage(() => import('./server-only/guide-partnership').then((m) => m.Page))
