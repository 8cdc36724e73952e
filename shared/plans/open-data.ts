/**
 * The data plan of the open-data page, in a module of its own: the site pages' plans stay free of the guide's keys, which
 * the search page's first view would otherwise carry.
 */
import { definePlan } from '../keys/api-keys'
import { guideKeys } from '../keys/guide-keys'
import { siteKeys } from '../keys/site-keys'

/** The open data: when the projects and the region figures last changed, which the page states (docs/product.md#open-data). */
export const openDataPlan = definePlan('open-data', () => ({
  keys: { lastProject: guideKeys.lastChangedProject(), territories: siteKeys.territories() },
}))
