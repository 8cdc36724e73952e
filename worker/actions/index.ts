/** The page actions by route id. A route without an action answers 405 to POST. */
import type { RouteId } from '../../shared/routes'
import type { Action } from './types'

export const ACTIONS: Partial<Record<RouteId, Action>> = {}
