/**
 * `/service/category`, drawn by `kept/service-category-index.tsx`: nothing in it runs in the browser, which keeps the
 * page whole as the edge drew it.
 */
import { keptPage } from '../runtime/static-section'

export const { Page, preload } = keptPage(() => import('./server-only/service-category-index').then((m) => m.Page))
