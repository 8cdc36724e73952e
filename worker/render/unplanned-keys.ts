/** Keys a page read outside its data plan (docs/architecture.md#rule-9), named for debugging and logged. */
import type { Context } from 'hono'
import type { RouteState } from '../../shared/state/state'
import type { AppEnv } from '../types'

/**
 * Keys the page read that its data plan does not load: each is a request the browser makes after hydrating, which the
 * plan should have made on the edge (docs/architecture.md#rule-9). Named in `X-Plan-Missing` (debug headers only) as
 * far
 * as the render got before the headers went, and in one log line once the document is complete.
 */
export function reportUnplanned(
  c: Context<AppEnv>,
  route: RouteState,
  unplanned: ReadonlySet<string>,
  complete: Promise<void>,
) {
  if (unplanned.size && c.get('config').debugHeaders) c.header('x-plan-missing', [...unplanned].join(' '))
  void complete
    .then(() => {
      if (unplanned.size)
        console.warn(
          JSON.stringify({
            level: 'warn',
            msg: 'keys outside the data plan',
            route: route.id,
            path: route.path,
            keys: [...unplanned],
          }),
        )
    })
    .catch(() => undefined)
}
