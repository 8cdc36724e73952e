/** Pagination inside a list that hydrates: its links need no code in the browser, so it is kept as the edge drew it. */
import { staticSection } from '../runtime/static-section'

export const StaticPagination = staticSection(() => import('./pagination').then((m) => m.Pagination))
