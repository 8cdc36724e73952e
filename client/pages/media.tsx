/**
 * `/media/{type}`, drawn by `kept/media.tsx`: nothing in it runs in the browser, which keeps the page whole as the edge
 * drew it.
 */
import { keptPage } from '../runtime/static-section'

export const { Page, preload } = keptPage(() => import('./server-only/media').then((m) => m.Page))
