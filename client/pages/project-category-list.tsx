/**
 * `/guide/project/category`, drawn by `kept/project-category-list.tsx`: nothing in it runs in the browser, which keeps
 * the page whole as the edge drew it.
 */
import { keptPage } from '../kept'

export const { Page, preload } = keptPage(() => import('./kept/project-category-list').then((m) => m.Page))
