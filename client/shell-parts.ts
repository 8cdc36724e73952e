/**
 * Parts of the shell that only some documents show, loaded with them: before hydrating such a document, or with the
 * navigation to one (the error screen; the profile area's side navigation).
 */
import type { PageError } from '../shared/errors'
import { ROUTE_BY_ID, type RouteId } from '../shared/routes'
import { lazyComponent } from './lazy-component'

export const ErrorScreen = lazyComponent(() => import('./components/error-screen').then((m) => m.ErrorScreen))
export const ProfileSidebar = lazyComponent(() => import('./layouts/profile-sidebar').then((m) => m.ProfileSidebar))

/** Loads the shell parts a route or an error shows. */
export function preloadShellParts(routeId: RouteId | null, error: PageError | null): Promise<unknown> {
  if (error || !routeId) return ErrorScreen.preload()
  return ROUTE_BY_ID[routeId].layout === 'profile' ? ProfileSidebar.preload() : Promise.resolve()
}
