/**
 * `/event`, drawn by `kept/event-list.tsx`: nothing in it runs in the browser, which keeps the page whole as the edge
 * drew it.
 */
import { keptPage } from '../runtime/static-section'

export const { Page, preload } = keptPage(() => import('./server-only/event-list').then((m) => m.Page))
