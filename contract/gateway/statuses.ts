/**
 * The closed lists of values the API's answers and forms use, as plain data: a page that offers them as choices reads
 * them without loading a schema.
 */

/** A project's stage, as the gateway stores it and the list filter names it. */
export const PROJECT_STATUSES = ['open_for_investment', 'under_negotiation', 'closed'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]
