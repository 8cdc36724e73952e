/** Pagination inside a list that hydrates: its links need no code in the browser, so it is kept as the edge drew it. */
import { keptComponent } from '../kept'

export const KeptPagination = keptComponent(() => import('./pagination').then((m) => m.Pagination))
