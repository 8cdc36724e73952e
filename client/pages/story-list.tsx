/**
 * `/story`, drawn by `kept/story-list.tsx`: nothing in it runs in the browser, which keeps the page whole as the edge
 * drew it.
 */
import { keptPage } from '../kept'

export const { Page, preload } = keptPage(() => import('./kept/story-list').then((m) => m.Page))
