/**
 * The role rule, once (docs/security.md#operator-surface, docs/decisions/0034-console-by-section.md): each screen of
 * the console works in one area of the operators' API, and an operator opens it only when their role reaches that
 * area, as the gateway says in `areas` of `/core/operator/me` (it checks every call again). The guard in front of each
 * section's routes (access.ts) and the navigation read this table, so a screen is offered exactly where it opens.
 */
import type { Me } from '../../../contract/operators/operators'
import type { OperatorArea } from '../../../contract/operators/values'

/** Each screen's area, in the navigation's order; the overview (`home`) is everyone's. */
const SCREEN_AREAS = {
  home: null,
  appeals: 'moderation',
  projects: 'moderation',
  registrations: 'moderation',
  inbox: 'moderation',
  people: 'moderation',
  enquiries: 'moderation',
  content: 'content',
  operators: 'admin',
  audit: 'admin',
  mail: 'admin',
} as const satisfies Record<string, OperatorArea | null>

/** A screen of the console, as the navigation names it. */
export type Screen = keyof typeof SCREEN_AREAS

/** Every screen, in the navigation's order. */
export const SCREENS = Object.keys(SCREEN_AREAS) as Screen[]

/** Whether the operator's role reaches `area`, as the gateway says. */
export function reachesArea(operator: Me, area: OperatorArea): boolean {
  return operator.areas.includes(area)
}

/** Whether the operator's role reaches `screen`. */
export function reaches(operator: Me, screen: Screen): boolean {
  const area: OperatorArea | null = SCREEN_AREAS[screen]
  return area === null || reachesArea(operator, area)
}
