/**
 * The closed lists and bounds of enquiries (docs/gateway-contract.md#enquiries), as plain data: the project page's
 * form, the profile and the console offer them without loading a schema, and the gateway checks its input against them.
 */

/**
 * What an enquiry began as: interest in a catalogue project, or a message through the contact form (which names no
 * project and no timeframe).
 */
export const ENQUIRY_KINDS = ['interest', 'contact'] as const

/** Where an enquiry stands in the agency's pipeline, in order; `closed` carries an outcome. */
export const ENQUIRY_STATUSES = ['new', 'in_contact', 'meeting', 'proposal', 'closed'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

/** How a closed enquiry ended. */
export const ENQUIRY_OUTCOMES = ['won', 'lost'] as const
export type EnquiryOutcome = (typeof ENQUIRY_OUTCOMES)[number]

/** When the enquirer means to invest. */
export const ENQUIRY_TIMEFRAMES = ['within_3_months', 'within_6_months', 'within_a_year', 'later'] as const

/** The longest text each field takes, in characters. */
export const ENQUIRY_LIMITS = {
  name: 100,
  company: 200,
  phone: 20,
  messageMin: 10,
  message: 3000,
  reason: 500,
  note: 5000,
  reply: 5000,
} as const

/** Why the gateway refuses an enquiry for a project: it is closed, or no published project has the id. */
export const ENQUIRY_REFUSALS = ['project_closed', 'project_unavailable'] as const
