/** Gateway keys of the profile area, used by its data plans and pages (docs/architecture.md#rule-9). */

import type {
  AccountSession,
  Appeal,
  AppealResponse,
  AppealTopic,
  DataExport,
  Notification,
  NotificationChoices,
  PersonalProject,
  PersonalService,
  Profile,
} from '../../contract/gateway/account'
import type { Region } from '../../contract/gateway/common'
import type { District, ProjectCategory, Sector } from '../../contract/gateway/guide'
import { apiKey, type Key, seg } from './api-keys'

/** Page size of the profile's lists. */
export const ACCOUNT_PAGE_SIZE = 10
/** Lists used as select options are small; one page holds them all. */
const OPTIONS_SIZE = 100

export const SERVICE_TYPES = [
  'my_company',
  'infrastructure',
  'license',
  'foreign_economic_activity',
  'tax_information',
  'economic_operations',
  'others',
] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const accountKeys = Object.freeze({
  profile: () => '/core/profile' as Key<Profile>,
  appeals: (page = 0) => apiKey<Appeal[]>('/siw/appeal', { page, size: ACCOUNT_PAGE_SIZE }),
  appeal: (id: string | number) => `/siw/appeal/${seg(id)}` as Key<Appeal>,
  appealResponses: (id: string | number) =>
    apiKey<AppealResponse[]>('/siw/appeal/response', { appeal_id: id, page: 0, size: OPTIONS_SIZE }),
  appealTopics: () => '/siw/public/appeal-topic' as Key<AppealTopic[]>,
  regions: () => apiKey<Region[]>('/integration/public/territorial-entity/regions', { page: 0, size: OPTIONS_SIZE }),
  districts: (regionCode: string) =>
    apiKey<District[]>('/integration/public/territorial-entity/districts', {
      region_code: regionCode,
      page: 0,
      size: OPTIONS_SIZE,
    }),
  projects: (page = 0) => apiKey<PersonalProject[]>('/siw/personal/project', { page, size: ACCOUNT_PAGE_SIZE }),
  project: (id: string | number) => `/siw/personal/project/${seg(id)}` as Key<PersonalProject>,
  projectCategories: () => apiKey<ProjectCategory[]>('/siw/public/project-category', { page: 0, size: OPTIONS_SIZE }),
  sectors: () => apiKey<Sector[]>('/siw/public/service-sector', { page: 0, size: OPTIONS_SIZE }),
  services: (type: ServiceType) => apiKey<PersonalService[]>('/siw/personal/service', { type }),
  notifications: (page: number, size: number) => apiKey<Notification[]>('/siw/notification', { page, size }),
  notificationChoices: () => '/core/profile/notifications' as Key<NotificationChoices>,
  sessions: () => '/core/account/sessions' as Key<AccountSession[]>,
  dataExport: () => '/core/account/export' as Key<DataExport>,
})

/** The service category in the URL, or the first one. */
export function serviceTypeOf(value: string | undefined): ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value ?? '') ? (value as ServiceType) : 'my_company'
}
