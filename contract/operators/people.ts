/**
 * The People section (docs/gateway-contract.md#operator-people): accounts found by e-mail, name, PINFL or TIN, one
 * account with its sessions, appeals and projects, and the answers to correcting, blocking, unblocking and erasing it.
 */
import * as v from 'valibot'
import { SessionSchema } from '../gateway/account'
import { APPEAL_STATUSES, DECISION_STATES, PERSON_STATES } from './values'

/** An account as the list shows it. */
const PersonSummarySchema = v.looseObject({
  id: v.number(),
  email: v.string(),
  role: v.picklist(['investor', 'businessmen']),
  is_resident: v.boolean(),
  name: v.string(),
  surname: v.string(),
  company_name: v.string(),
  pin: v.nullable(v.string()),
  tin: v.nullable(v.string()),
  state: v.picklist(PERSON_STATES),
  created_at: v.string(),
})

/** `GET /core/operator/people?q=`: the accounts matching `q` (all, newest first, when it is empty). */
export const PersonListSchema = v.looseObject({ q: v.string(), items: v.array(PersonSummarySchema) })
export type PersonList = v.InferOutput<typeof PersonListSchema>

/** `GET /core/operator/people/{id}`: the account, its live sessions, and its latest appeals and projects. */
export const PersonDetailSchema = v.looseObject({
  ...PersonSummarySchema.entries,
  phone: v.string(),
  blocked_at: v.nullable(v.string()),
  deleted_at: v.nullable(v.string()),
  erase_after: v.nullable(v.string()),
  sessions: v.array(v.omit(SessionSchema, ['current'])),
  appeals: v.array(
    v.looseObject({
      id: v.number(),
      status: v.picklist(APPEAL_STATUSES),
      topic: v.string(),
      excerpt: v.string(),
      created_at: v.string(),
    }),
  ),
  projects: v.array(
    v.looseObject({
      id: v.number(),
      title: v.string(),
      state: v.picklist(DECISION_STATES),
      draft: v.boolean(),
      created_at: v.string(),
    }),
  ),
})
export type PersonDetail = v.InferOutput<typeof PersonDetailSchema>

/** `POST /core/operator/people/{id}/contact`: the contact data as it is now. */
export const PersonContactSchema = v.looseObject({ id: v.number(), email: v.string(), phone: v.string() })

/** `POST /core/operator/people/{id}/block`, `/unblock` and `/erase`: the account's state now. */
export const PersonStateChangedSchema = v.looseObject({
  id: v.number(),
  state: v.picklist(['active', 'blocked', 'erased']),
})
