/**
 * `/service/category`, drawn by `kept/service-category-index.tsx`: nothing in it runs in the browser, which keeps the
 * page whole as the edge drew it.
 */
import { keptPage } from '../kept'

export const { Page, preload } = keptPage(() => import('./kept/service-category-index').then((m) => m.Page))
