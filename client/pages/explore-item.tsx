/**
 * `/guide/explore/{id}`, drawn by `kept/explore-item.tsx`: nothing in it runs in the browser, which keeps the page
 * whole as the edge drew it.
 */
import { keptPage } from '../kept'

export const { Page, preload } = keptPage(() => import('./kept/explore-item').then((m) => m.Page))
