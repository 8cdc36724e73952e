/**
 * Parts of the shell that only some documents show, loaded with them: before hydrating such a document, or with the
 * navigation to one (the error screen; the profile area's side navigation; the header's account menu, for a signed-in
 * session).
 */
import { lazy } from 'react'
import type { PageError } from '../../shared/routing/errors'
import { ROUTE_BY_ID, type RouteId } from '../../shared/routing/routes'
import type { FailureScreens } from '../runtime/error-boundary'
import { lazyComponent } from '../runtime/lazy-component'

export const ErrorScreen = lazyComponent(() => import('../ui/error-screen').then((m) => m.ErrorScreen))
export const ProfileSidebar = lazyComponent(() => import('./profile-sidebar').then((m) => m.ProfileSidebar))
export const AccountMenu = lazyComponent(() => import('../features/account/account-menu').then((m) => m.AccountMenu))

/**
 * What the error boundaries draw in a failure's place, loaded when a failure happens. React's own `lazy`, not
 * `lazyComponent`: that one guards what it loads with a boundary, and the edge never draws a failure (it renders
 * errors as the 500 page).
 */
export const FAILURE_SCREENS: FailureScreens = {
  page: lazy(() => import('../ui/error-screen').then((m) => ({ default: m.RenderFailure }))),
  section: lazy(() => import('../ui/error-screen').then((m) => ({ default: m.SectionFailure }))),
}

/** Loads the shell parts a route or an error shows to this session. */
export function preloadShellParts(
  routeId: RouteId | null,
  error: PageError | null,
  session: { profile: unknown },
): Promise<unknown> {
  const account = session.profile !== null ? AccountMenu.preload() : null
  if (error || !routeId) return Promise.all([ErrorScreen.preload(), account])
  return Promise.all([ROUTE_BY_ID[routeId].layout === 'profile' ? ProfileSidebar.preload() : null, account])
}
