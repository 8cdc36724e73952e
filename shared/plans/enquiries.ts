/** Data plans of enquiries: the interest form of a project, an enquiry by its signed link, and the profile's list. */
import { definePlan } from '../keys/api-keys'
import { enquiryKeys } from '../keys/enquiry-keys'
import { guideKeys } from '../keys/guide-keys'

export const projectInterestPlan = definePlan('project-interest', ({ params }) => ({
  keys: { project: guideKeys.project(params.id), amounts: guideKeys.amounts(), countries: guideKeys.countries() },
}))

export const enquiryPlan = definePlan('enquiry', ({ params }) => ({
  keys: { enquiry: enquiryKeys.byLink(params.token) },
}))

export const myEnquiriesPlan = definePlan('profile-enquiries', () => ({ keys: { list: enquiryKeys.mine() } }))
