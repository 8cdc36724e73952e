/**
 * The moderators' queues (docs/gateway-contract.md#operator): what waits, and appeals, projects and registrations,
 * each a list with the count of every state, a record, and the answers to a decision.
 */
import * as v from 'valibot'
import { ENQUIRY_STATUSES } from '../gateway/enquiry-values'
import { countsOf, perLocale } from './envelope'
import { APPEAL_STATUSES, DECISION_STATES, INBOX_KINDS, REGISTRATION_KINDS } from './values'

const ModerationCountsSchema = v.looseObject({
  appeals: countsOf(APPEAL_STATUSES),
  projects: countsOf(DECISION_STATES),
  registrations: countsOf(DECISION_STATES),
  /** Inbox items not handled yet. */
  inbox: countsOf(INBOX_KINDS),
  /** The enquiries' pipeline: each status, and the open ones nobody has touched for `stale_days` days. */
  enquiries: v.optional(
    v.looseObject({ counts: countsOf(ENQUIRY_STATUSES), stale: v.number(), stale_days: v.number() }),
  ),
})
export type ModerationCounts = v.InferOutput<typeof ModerationCountsSchema>

/** `GET /core/operator/overview`: what waits, or null for a role without moderation. */
export const OverviewSchema = v.nullable(ModerationCountsSchema)

const AppealStatusSchema = v.picklist(APPEAL_STATUSES)
const DecisionStateSchema = v.picklist(DECISION_STATES)

const AppealListItemSchema = v.looseObject({
  id: v.number(),
  status: AppealStatusSchema,
  /** The text's first 160 characters. */
  excerpt: v.string(),
  applicant: v.looseObject({ name: v.string(), email: v.string() }),
  topic: v.string(),
  /** How many messages the thread has. */
  responses: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
})

/** `GET /core/operator/appeals?status=`. */
export const AppealListSchema = v.looseObject({
  status: AppealStatusSchema,
  items: v.array(AppealListItemSchema),
  counts: countsOf(APPEAL_STATUSES),
})
export type AppealList = v.InferOutput<typeof AppealListSchema>

/** `GET /core/operator/appeals/{id}`: the appeal, its applicant and its thread. */
export const AppealDetailSchema = v.looseObject({
  id: v.number(),
  status: AppealStatusSchema,
  text: v.string(),
  topic: v.string(),
  type: v.string(),
  region: v.string(),
  reject_reason: v.nullable(v.string()),
  resolve_reason: v.nullable(v.string()),
  applicant: v.looseObject({ name: v.string(), email: v.string(), signed_in: v.boolean() }),
  responses: v.array(
    v.looseObject({
      id: v.number(),
      /** The moderator's name; null for the applicant's own message. */
      admin: v.nullable(v.string()),
      owner: v.boolean(),
      response: v.string(),
      created: v.string(),
    }),
  ),
  created_at: v.string(),
  updated_at: v.string(),
})
export type AppealDetail = v.InferOutput<typeof AppealDetailSchema>

/** `POST /core/operator/appeals/{id}/reply` and `/reject`: the appeal's new status. */
export const AppealDecisionSchema = v.looseObject({ id: v.number(), status: AppealStatusSchema })

const OwnerSchema = v.looseObject({ email: v.string(), name: v.string(), company: v.string() })

const ProjectListItemSchema = v.looseObject({
  id: v.number(),
  /** In the page's language, or the first language that has one. */
  title: v.string(),
  state: DecisionStateSchema,
  budget: v.number(),
  owner: OwnerSchema,
  updated_at: v.string(),
})

/** `GET /core/operator/projects?state=`: submitted projects, never drafts. */
export const ProjectListSchema = v.looseObject({
  state: DecisionStateSchema,
  items: v.array(ProjectListItemSchema),
  counts: countsOf(DECISION_STATES),
})
export type ProjectList = v.InferOutput<typeof ProjectListSchema>

/** An uploaded file of a project, downloaded through `GET /core/operator/files/{id}`. */
const ProjectFileSchema = v.looseObject({
  id: v.string(),
  original_name: v.string(),
  size: v.number(),
  content_type: v.string(),
})
export type ProjectFile = v.InferOutput<typeof ProjectFileSchema>

/** `GET /core/operator/projects/{id}`: the project in every language (its content as text), with its files. */
export const ProjectDetailSchema = v.looseObject({
  id: v.number(),
  title: perLocale(v.string()),
  content: perLocale(v.string()),
  state: DecisionStateSchema,
  reject_reason: v.nullable(v.string()),
  /** The project's stage (docs/gateway-contract.md#guide). */
  status: v.string(),
  budget: v.number(),
  sector: v.string(),
  category: v.string(),
  region: v.string(),
  contact: v.looseObject({ phone: v.string(), email: v.string() }),
  owner: OwnerSchema,
  image: v.nullable(ProjectFileSchema),
  presentations: perLocale(v.nullable(ProjectFileSchema)),
  created_at: v.string(),
  updated_at: v.string(),
})
export type ProjectDetail = v.InferOutput<typeof ProjectDetailSchema>

/** `POST /core/operator/projects/{id}/approve` and `/reject`: the project's new state. */
export const ProjectDecisionSchema = v.looseObject({ id: v.number(), state: DecisionStateSchema })

const RegistrationKindSchema = v.picklist(REGISTRATION_KINDS)

const RegistrationListItemSchema = v.looseObject({
  id: v.number(),
  kind: RegistrationKindSchema,
  email: v.string(),
  state: DecisionStateSchema,
  /** Why it was rejected. */
  reason: v.nullable(v.string()),
  name: v.string(),
  surname: v.string(),
  company_name: v.string(),
  is_resident: v.boolean(),
  lang: v.string(),
  created_at: v.string(),
  decided_at: v.nullable(v.string()),
})

/** `GET /core/operator/registrations?state=`. */
export const RegistrationListSchema = v.looseObject({
  state: DecisionStateSchema,
  items: v.array(RegistrationListItemSchema),
  counts: countsOf(DECISION_STATES),
})
export type RegistrationList = v.InferOutput<typeof RegistrationListSchema>

/** `GET /core/operator/registrations/{id}`: the record, and the form's fields as the applicant sent them. */
export const RegistrationDetailSchema = v.looseObject({
  id: v.number(),
  kind: RegistrationKindSchema,
  email: v.string(),
  state: DecisionStateSchema,
  reason: v.nullable(v.string()),
  decided_at: v.nullable(v.string()),
  /** The account an approval created. */
  user_id: v.nullable(v.number()),
  created_at: v.string(),
  /** The form's fields (`country` by name, `is_resident` a flag); which there are depends on the form. */
  application: v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])),
})
export type RegistrationDetail = v.InferOutput<typeof RegistrationDetailSchema>

/** `POST /core/operator/registrations/{id}/approve` and `/reject`: the new state and the account an approval made. */
export const RegistrationDecisionSchema = v.looseObject({
  id: v.number(),
  state: DecisionStateSchema,
  user_id: v.nullable(v.number()),
})
