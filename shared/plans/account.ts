/**
 * Data plans of the profile area: personal services, appeals, projects, notification choices (read live with SWR by the
 * pages), and the account's sessions and data export.
 */
import { accountKeys, serviceTypeOf } from '../keys/account-keys'
import { definePlan } from '../keys/api-keys'

export const myServicesPlan = definePlan('profile-my-services', ({ query }) => ({
  keys: { services: accountKeys.services(serviceTypeOf(query.type)), regions: accountKeys.regions() },
}))

export const appealsPlan = definePlan('profile-appeals', ({ params, query }) => {
  const creating = !params.id && query.new === '1'
  return {
    keys: {
      appeal: params.id ? accountKeys.appeal(params.id) : undefined,
      responses: params.id ? accountKeys.appealResponses(params.id) : undefined,
      list: params.id ? undefined : accountKeys.appeals(query.page),
      topics: creating ? accountKeys.appealTopics() : undefined,
      regions: creating ? accountKeys.regions() : undefined,
    },
  }
})

export const myProjectsPlan = definePlan('profile-my-projects', ({ query }) => ({
  keys: { list: accountKeys.projects(query.page) },
}))

export const projectFormPlan = definePlan('profile-project-form', ({ params }) => ({
  keys: {
    project: params.id ? accountKeys.project(params.id) : undefined,
    categories: accountKeys.projectCategories(),
    sectors: accountKeys.sectors(),
    regions: accountKeys.regions(),
  },
}))

export const notificationChoicesPlan = definePlan('profile-notifications', () => ({
  keys: { choices: accountKeys.notificationChoices() },
}))

export const accountPlan = definePlan('profile-account', () => ({
  keys: { sessions: accountKeys.sessions(), dataExport: accountKeys.dataExport() },
}))
