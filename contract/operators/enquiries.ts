/**
 * The enquiries pipeline in the operators' API (docs/gateway-contract.md#operator-enquiries): interest in projects and
 * contact requests, filtered by kind, status, project, sector, country and assignee, with the count of each status and of those left
 * untouched; one enquiry with its thread; and the answers to a change.
 */
import * as v from 'valibot'
import { ENQUIRY_KINDS, ENQUIRY_OUTCOMES, ENQUIRY_STATUSES, ENQUIRY_TIMEFRAMES } from '../gateway/enquiry-values'
import { countsOf } from './envelope'

const StatusSchema = v.picklist(ENQUIRY_STATUSES)
const PersonSchema = v.looseObject({ id: v.number(), email: v.string(), name: v.string() })

/** The filter a list or an export answers, as the gateway read it; an absent filter is null. */
const EnquiryFilterSchema = v.looseObject({
  kind: v.nullable(v.picklist(ENQUIRY_KINDS)),
  /** A contact request's own id: its enquiry. */
  contact_id: v.nullish(v.number()),
  /** When set, only the open enquiries nobody has touched since then (`?stale=1`). */
  stale_before: v.nullish(v.string()),
  /** A search: a reference, or text of the enquirer's name, address, company or message. */
  q: v.nullish(v.string()),
  status: v.nullable(StatusSchema),
  project_id: v.nullable(v.number()),
  sector_id: v.nullable(v.number()),
  country_id: v.nullable(v.number()),
  /** An operator's id, `0` for enquiries nobody is assigned. */
  assignee_id: v.nullable(v.number()),
})
export type EnquiryFilter = v.InferOutput<typeof EnquiryFilterSchema>

/**
 * An enquiry in a list or an export. A contact request (`kind: contact`) has no project and no timeframe, and
 * `contact_id` names its request, whose other fields (`GET /core/operator/enquiries/{id}`'s `contact`) it keeps.
 */
const EnquiryItemSchema = v.looseObject({
  id: v.number(),
  kind: v.picklist(ENQUIRY_KINDS),
  contact_id: v.nullable(v.number()),
  reference: v.string(),
  status: StatusSchema,
  outcome: v.nullable(v.picklist(ENQUIRY_OUTCOMES)),
  outcome_reason: v.nullable(v.string()),
  project: v.nullable(v.looseObject({ id: v.number(), title: v.string(), sector: v.string() })),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  company_name: v.string(),
  country: v.string(),
  amount: v.string(),
  timeframe: v.nullable(v.picklist(ENQUIRY_TIMEFRAMES)),
  message: v.string(),
  signed_in: v.boolean(),
  assignee: v.nullable(PersonSchema),
  due_date: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
})
export type EnquiryItem = v.InferOutput<typeof EnquiryItemSchema>

/** A choice of the list's filters: an id and its name. */
const OptionSchema = v.looseObject({ id: v.number(), name: v.string() })

/**
 * `GET /core/operator/enquiries?kind=&status=&project_id=&sector_id=&country_id=&assignee_id=`: a page of enquiries, the
 * count of each status, how many open ones nobody has touched for `stale_days` days, and the filters' choices.
 */
export const EnquiryListSchema = v.looseObject({
  filter: EnquiryFilterSchema,
  items: v.array(EnquiryItemSchema),
  counts: countsOf(ENQUIRY_STATUSES),
  stale: v.number(),
  stale_days: v.number(),
  options: v.looseObject({
    projects: v.array(OptionSchema),
    sectors: v.array(OptionSchema),
    countries: v.array(OptionSchema),
    assignees: v.array(PersonSchema),
  }),
})
export type EnquiryList = v.InferOutput<typeof EnquiryListSchema>

/** `GET /core/operator/enquiries/export?…`: every matching enquiry. */
export const EnquiryExportSchema = v.looseObject({ filter: EnquiryFilterSchema, items: v.array(EnquiryItemSchema) })

/**
 * `GET /core/operator/enquiries/{id}`: the enquiry, its thread (the enquirer's messages, replies, notes), assignees,
 * and a contact request's own fields.
 */
export const EnquiryDetailSchema = v.looseObject({
  ...EnquiryItemSchema.entries,
  contact: v.nullish(
    v.looseObject({
      website: v.string(),
      country: v.string(),
      designation: v.string(),
      purpose: v.string(),
    }),
  ),
  thread: v.array(
    v.looseObject({
      id: v.number(),
      kind: v.picklist(['message', 'reply', 'note']),
      body: v.string(),
      /** Who wrote a reply or a note; null for the enquirer's own message. */
      operator: v.nullable(PersonSchema),
      created_at: v.string(),
    }),
  ),
  assignees: v.array(PersonSchema),
})
export type EnquiryDetail = v.InferOutput<typeof EnquiryDetailSchema>

/** `POST /core/operator/enquiries/{id}`, `/notes` and `/replies`: the enquiry as it now stands. */
export const EnquiryChangedSchema = v.looseObject({ id: v.number(), status: StatusSchema, changed: v.boolean() })
