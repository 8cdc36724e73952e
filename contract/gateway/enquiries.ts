/**
 * Enquiries as their enquirer reads them (docs/gateway-contract.md#enquiries): the answer to expressing interest, and
 * an enquiry with its status and the agency's replies, by its signed link or in the profile. Never an internal note,
 * an assignee or a due date.
 */
import * as v from 'valibot'
import { ENQUIRY_KINDS, ENQUIRY_OUTCOMES, ENQUIRY_STATUSES } from './enquiry-values'

/** `POST /siw/enquiry`: the enquiry's reference, and whether the interest joined one made within the day. */
export const EnquiryReceiptSchema = v.looseObject({
  id: v.number(),
  reference: v.string(),
  merged: v.boolean(),
})

/** A reply of the agency to the enquirer. */
const EnquiryReplySchema = v.looseObject({ id: v.number(), body: v.string(), created_at: v.string() })

/** An enquiry as its enquirer sees it: interest names its project; a contact request has none, and quotes its message. */
export const EnquirySchema = v.looseObject({
  id: v.number(),
  kind: v.picklist(ENQUIRY_KINDS),
  reference: v.string(),
  project: v.nullable(v.looseObject({ id: v.number(), title: v.string() })),
  message: v.string(),
  status: v.picklist(ENQUIRY_STATUSES),
  outcome: v.nullable(v.picklist(ENQUIRY_OUTCOMES)),
  created_at: v.string(),
  updated_at: v.string(),
  replies: v.array(EnquiryReplySchema),
})
export type Enquiry = v.InferOutput<typeof EnquirySchema>
