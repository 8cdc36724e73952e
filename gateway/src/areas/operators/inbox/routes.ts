/**
 * The inbox in the operators' API (docs/gateway-contract.md#operator): event applications, filtered by kind, handled
 * or not, a search (a reference finds its record) and their event; each marked handled by the operator who did, and
 * exported whole. An application is confirmed or declined here (docs/gateway-contract.md#operator-applicants), which
 * mails the applicant and is audited. (Contact requests are enquiries: docs/decisions/0056-enquiries.md.) Event applications'
 * documents are downloaded through `/core/operator/files/{id}`, never a public URL. Mounted at `/core/operator/inbox`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { INBOX_HANDLED, INBOX_KINDS, type InboxKind } from '../../../../../contract/operators/values'
import type { AppEnv } from '../../../lib/context'
import { GatewayError, ok } from '../../../lib/envelope'
import { readLang } from '../../../lib/lang'
import { pageable, readPaging } from '../../../lib/paging'
import { formatReference } from '../../../lib/references'
import { BoolSchema, IdSchema, optionalText, parseInput, readJson, readQuery } from '../../../lib/validate'
import { decideEventApplication } from '../../forms/event-applications'
import { auditStatement, recordRead } from '../audit/audit'
import { countOpenInbox } from '../moderation/queries'
import {
  countInbox,
  type InboxRow,
  inboxItemExists,
  listApplicationEvents,
  listInbox,
  readInboxItem,
  setHandled,
} from './queries'

/** The most rows an export holds; a filter narrows a larger inbox. */
const EXPORT_MAX_ROWS = 5000

const FilterSchema = v.object({
  kind: v.optional(v.picklist(INBOX_KINDS), 'event'),
  handled: v.optional(v.picklist(INBOX_HANDLED), 'open'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  // Applications of one event only (the kind `event`); empty: every event's.
  event_id: v.optional(v.union([v.literal(''), IdSchema]), ''),
})

/** The filter as the queries read it, and as the answer names it (`event_id` null: every event). */
function readFilter(query: Record<string, string>) {
  const { event_id, ...filter } = parseInput(FilterSchema, query)
  const eventId = filter.kind === 'event' && event_id !== '' ? event_id : null
  return { filter: { ...filter, eventId: eventId ?? undefined }, named: { ...filter, event_id: eventId } }
}

const ItemParamsSchema = v.object({ kind: v.picklist(INBOX_KINDS), id: IdSchema })
const IdParamsSchema = v.object({ id: IdSchema })
const HandledSchema = v.object({ handled: BoolSchema })
const DecisionSchema = v.object({ decision: v.picklist(['confirmed', 'declined']), reason: optionalText(2000) })

const AUDIT_KINDS = { event: 'event_application' } as const

/** A row as the inbox answers it: never its upload capability; who handled it, and when. */
function toItem(kind: InboxKind, row: InboxRow) {
  const {
    upload_token_hash: _,
    handled_by,
    handled_by_email,
    handled_by_name,
    handled_at,
    passport_file_id,
    image_file_id,
    country_name,
    ...fields
  } = row
  const handled = handled_at
    ? { at: handled_at, by: { id: handled_by, email: handled_by_email ?? '', name: handled_by_name ?? '' } }
    : null
  const reference = formatReference(kind, row.id, String(row.created_at))
  return {
    kind,
    ...fields,
    reference,
    country: String(country_name ?? ''),
    documents:
      passport_file_id && image_file_id ? { passport: String(passport_file_id), photo: String(image_file_id) } : null,
    handled,
  }
}

/** The operator calls of the inbox. */
export const operatorInboxRoutes = new Hono<AppEnv>()

operatorInboxRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const { filter, named } = readFilter(query)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const total = await countInbox(db, filter)
  const items = (await listInbox(db, filter, lang, paging)).map((r) => toItem(filter.kind, r))
  const events = filter.kind === 'event' ? await listApplicationEvents(db, lang) : []
  return ok(c, { filter: named, items, open: await countOpenInbox(db), events }, pageable(paging, total))
})

/**
 * Every row the filter matches (at most 5000, newest first), for the console's CSV. The export is audited: it takes
 * applicants' personal data out of the system.
 */
operatorInboxRoutes.get('/export', async (c) => {
  const { filter, named } = readFilter(readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const results = await listInbox(c.env.DB, filter, lang, { size: EXPORT_MAX_ROWS, offset: 0 })
  const now = new Date()
  const subject = { action: 'inbox.export', kind: AUDIT_KINDS[filter.kind], id: 0 } as const
  await recordRead(c.env.DB, c.get('operator').id, subject, { ...named, rows: results.length }, now)
  return ok(c, { filter: named, items: results.map((r) => toItem(filter.kind, r)) })
})

/**
 * Confirms or declines an event application, once: the applicant is mailed the decision (a confirmation carries the
 * badge details), it is audited and marks the application handled (docs/gateway-contract.md#operator-applicants).
 */
operatorInboxRoutes.post('/event/:id/decision', async (c) => {
  const { id } = parseInput(IdParamsSchema, c.req.param())
  const input = parseInput(DecisionSchema, await readJson(c))
  const operator = c.get('operator')
  const now = new Date()
  const action = input.decision === 'confirmed' ? 'inbox.confirm' : 'inbox.decline'
  const after = { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) }
  const subject = { action, kind: 'event_application', id } as const
  const audit = auditStatement(c.env.DB, operator.id, subject, { decision: null }, after, now, { ifChanged: true })
  const decided = await decideEventApplication(c.env, id, { ...input, operatorId: operator.id }, now, [audit])
  return ok(c, decided)
})

operatorInboxRoutes.get('/:kind/:id', async (c) => {
  const { kind, id } = parseInput(ItemParamsSchema, c.req.param())
  const row = await readInboxItem(c.env.DB, kind, id, readLang(c.req.header('Accept-Language')))
  if (!row) throw new GatewayError(404, 'not_found')
  return ok(c, toItem(kind, row))
})

/** Marks an item handled by the operator (or open again); a change is audited, a repeat changes nothing. */
operatorInboxRoutes.post('/:kind/:id/handled', async (c) => {
  const { kind, id } = parseInput(ItemParamsSchema, c.req.param())
  const { handled } = parseInput(HandledSchema, await readJson(c))
  const db = c.env.DB
  const operator = c.get('operator')
  const now = new Date()
  if (!(await inboxItemExists(db, kind, id))) throw new GatewayError(404, 'not_found')
  const subject = { action: handled ? 'inbox.handled' : 'inbox.reopened', kind: AUDIT_KINDS[kind], id } as const
  const audit = auditStatement(db, operator.id, subject, { handled: !handled }, { handled }, now, { ifChanged: true })
  await setHandled(db, { kind, id }, handled ? operator.id : null, now, [audit])
  return ok(c, { kind, id, handled })
})
