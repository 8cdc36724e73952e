/**
 * The inbox (docs/gateway-contract.md#operator): event applications, listed with a filter (also by event), exported as
 * CSV as filtered, opened, marked handled or open again, and confirmed or declined
 * (docs/gateway-contract.md#operator-applicants), which mails the applicant. A contact request's old address leads to
 * its enquiry (docs/decisions/0056-enquiries.md#contact-requests).
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { EnquiryListSchema } from '../../../../contract/operators/enquiries'
import {
  InboxDecisionSchema,
  InboxExportSchema,
  InboxHandledSchema,
  InboxItemSchema,
  InboxListSchema,
} from '../../../../contract/operators/inbox'
import { INBOX_HANDLED, INBOX_KINDS, type InboxKind } from '../../../../contract/operators/values'
import { toCsv } from '../../../../shared/markup/csv'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import {
  type Ctx,
  checkForm,
  decide,
  idOf,
  listScreen,
  pick,
  problemOf,
  readFields,
  redirectWith,
  refusedStatus,
  renderFailure,
  renderScreen,
} from '../../screen'
import { type FormState, NO_FORM_STATE } from '../../ui'
import { fieldText, INBOX_COLUMNS } from './columns'
import { type InboxFilter, InboxList, InboxRecord } from './views'

const HandledForm = v.object({ handled: v.picklist(['true', 'false']) })
const DecisionForm = v.object({
  decision: v.picklist(['confirmed', 'declined']),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000)), ''),
})

/**
 * The list's filter from the query: the kind, which items, a search of at most 100 characters, and (applications) one
 * event's id.
 */
const filterOf = (c: Ctx): InboxFilter => {
  const kind = pick(c.req.query('kind'), INBOX_KINDS)
  const event = c.req.query('event_id') ?? ''
  return {
    kind,
    handled: pick(c.req.query('handled'), INBOX_HANDLED),
    q: (c.req.query('q') ?? '').trim().slice(0, 100),
    event_id: kind === 'event' && /^[1-9][0-9]{0,9}$/.test(event) ? event : '',
  }
}

// Hono's path patterns take a regex without alternation, so the kind is read by the handler.
const isInboxKind = (kind: string): kind is InboxKind => (INBOX_KINDS as readonly string[]).includes(kind)

/** An item's path pattern: its kind, then its id. */
const ITEM = '/:kind{[a-z]+}/:id{[0-9]{1,10}}'

async function showItem(c: Ctx, kind: InboxKind, status: ContentfulStatusCode, state: FormState) {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/inbox/${kind}/${idOf(c)}`, InboxItemSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(c, {
    status,
    screen: 'inbox',
    title: t(`inbox.itemTitle.${kind}`, { id: answer.content.id }),
    body: <InboxRecord t={t} lang={lang} item={answer.content} state={state} />,
  })
}

export const inbox = new Hono<ConsoleEnv>()

inbox.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  const filter = filterOf(c)
  return listScreen(c, {
    screen: 'inbox',
    title: t('sections.inbox'),
    call: '/core/operator/inbox',
    schema: InboxListSchema,
    query: filter,
    draw: (list, pageable) => <InboxList t={t} lang={lang} filter={filter} list={list} pageable={pageable} />,
  })
})

/** Every row the filter matches, as CSV in the operator's language (UTF-8 with a BOM, so spreadsheets read it). */
inbox.get('/export.csv', async (c) => {
  const t = translator(c.get('lang'))
  const filter = filterOf(c)
  const answer = await gatewayFor(c).get('/core/operator/inbox/export', InboxExportSchema, filter)
  if (!answer.ok) return renderFailure(c, answer)
  const columns = INBOX_COLUMNS[filter.kind]
  const rows = answer.content.items.map((item) => [
    ...columns.map(([field]) => fieldText(item, field)),
    item.handled ? item.handled.at : '',
    item.handled ? item.handled.by.email : '',
    item.reference ?? '',
  ])
  const header = [
    ...columns.map(([, label]) => t(label)),
    t('inbox.handledAt'),
    t('inbox.handledByColumn'),
    t('enquiries.reference'),
  ]
  const day = new Date().toISOString().slice(0, 10)
  return c.body(`\uFEFF${toCsv([header, ...rows])}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="inbox-${filter.kind}-${day}.csv"`,
    'Cache-Control': 'no-store',
  })
})

/** A contact request's record and thread are its enquiry's now: its old address (bookmarks, the audit log) leads there. */
inbox.get('/contact/:id{[0-9]{1,10}}', async (c) => {
  const lang = c.get('lang')
  const query = { kind: 'contact', contact_id: String(idOf(c)) }
  const answer = await gatewayFor(c).get('/core/operator/enquiries', EnquiryListSchema, query)
  if (!answer.ok) return renderFailure(c, answer)
  const enquiry = answer.content.items[0]
  return enquiry ? c.redirect(paths.enquiry(lang, enquiry.id), 301) : c.notFound()
})

inbox.get(ITEM, (c) => {
  const kind = c.req.param('kind')
  return isInboxKind(kind) ? showItem(c, kind, 200, NO_FORM_STATE) : c.notFound()
})

inbox.post(`${ITEM}/handled`, async (c) => {
  const t = translator(c.get('lang'))
  const kind = c.req.param('kind')
  if (!isInboxKind(kind)) return c.notFound()
  const form = checkForm(t, HandledForm, await readFields(c), {})
  if (!form.ok) return showItem(c, kind, 422, { ...NO_FORM_STATE, problem: form.problem })
  const handled = form.output.handled === 'true'
  const call = `/core/operator/inbox/${kind}/${idOf(c)}/handled`
  const answer = await gatewayFor(c).post(call, InboxHandledSchema, { handled })
  if (!answer.ok) return showItem(c, kind, refusedStatus(answer), { ...NO_FORM_STATE, problem: problemOf(t, answer) })
  return redirectWith(c, paths.inboxItem(c.get('lang'), kind, idOf(c)), handled ? 'handled' : 'reopened')
})

/** An event application confirmed or declined, once; the applicant is mailed the decision. */
inbox.post('/event/:id{[0-9]{1,10}}/decision', async (c) => {
  // Hono keeps the parsed body, so `decide` reads the same fields again.
  const { decision } = await readFields(c)
  return decide(c, {
    form: 'decision',
    schema: DecisionForm,
    ids: { decision: 'decision-confirmed', reason: 'decision-reason' },
    call: `/core/operator/inbox/event/${idOf(c)}/decision`,
    answer: InboxDecisionSchema,
    show: (c, status, state) => showItem(c, 'event', status, state),
    done: paths.inboxItem(c.get('lang'), 'event', idOf(c)),
    notice: decision === 'declined' ? 'applicants.declined' : 'applicants.confirmed',
  })
})
