/**
 * `/event`, drawn by `kept/event-list.tsx`: nothing in it runs in the browser, which keeps the page whole as the edge
 * drew it.
 */
import { keptPage } from '../kept'

export const { Page, preload } = keptPage(() => import('./kept/event-list').then((m) => m.Page))
