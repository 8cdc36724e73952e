/** Route guards of docs/product.md#guards, decided the same way on the edge and in the browser. */

import type { Profile } from '../../contract/gateway/account'
import { type PageError, pageError } from './errors'
import type { RouteMeta } from './routes'

export type SessionView = Readonly<{ hasToken: boolean; profile: Profile | null; unavailable?: boolean }>

/**
 * Residency rules come before the token rule (docs/product.md#guards): `my-services` and `password` answer 401 without
 * a profile,
 * 403 for the wrong residency; other protected pages answer 403 without a token.
 */
export function checkGuards(meta: RouteMeta, session: SessionView): PageError | null {
  // A kept session whose profile the upstream could not give: a personal page can neither be shown nor refused yet
  // (docs/product.md#guards).
  if ((meta.protected || meta.residentOnly || meta.nonResidentOnly) && session.unavailable)
    return pageError(503, 'session_unavailable')
  if (meta.residentOnly) {
    if (!session.profile) return pageError(401, 'unauthorized')
    if (!session.profile.is_resident) return pageError(403, 'forbidden')
  }
  if (meta.nonResidentOnly) {
    if (!session.profile) return pageError(401, 'unauthorized')
    if (session.profile.is_resident) return pageError(403, 'forbidden')
  }
  if (meta.protected && !session.hasToken) return pageError(403, 'forbidden')
  return null
}
