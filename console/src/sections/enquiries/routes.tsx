/**
 * The enquiries pipeline (docs/gateway-contract.md#operator-enquiries), in the moderation area: interest in projects
 * and contact requests, the list by kind and status with its filters and CSV export, and one enquiry, whose status, assignee and due date change, and which takes replies to
 * the enquirer and internal notes. The gateway checks every rule again and audits every change.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ENQUIRY_LIMITS } from '../../../../contract/gateway/enquiry-values'
import {
  EnquiryChangedSchema,
  EnquiryDetailSchema,
  EnquiryExportSchema,
  EnquiryListSchema,
} from '../../../../contract/operators/enquiries'
import type { Translate } from '../../../../shared/i18n/i18n'
import { toCsv } from '../../../../shared/markup/csv'
import { type Failure, gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translateCode, translator } from '../../i18n'
import { paths } from '../../paths'
import {
  type Ctx,
  idOf,
  listScreen,
  readFields,
  redirectWith,
  refusedStatus,
  renderFailure,
  renderScreen,
} from '../../screen'
import { type FormProblem, type FormState, NO_FORM_STATE } from '../../ui'
import { EnquiryList, EnquiryRecord, statusLabel } from './views'

/** The list's filter as the gateway takes it, from the console's address (the gateway checks each value). */
const filterOf = (c: Ctx) => {
  const take = (name: string) => (c.req.query(name) ?? '').trim().slice(0, 20) || undefined
  return {
    q: (c.req.query('q') ?? '').trim().slice(0, 100) || undefined,
    stale: take('stale'),
    kind: take('kind'),
    status: take('status'),
    project_id: take('project_id'),
    sector_id: take('sector_id'),
    country_id: take('country_id'),
    assignee_id: take('assignee_id'),
  }
}

/** Each form field's element, for the error summary's links. */
const FIELD_IDS: Record<string, string> = {
  status: 'enquiry-status',
  outcome: 'enquiry-outcome',
  outcome_reason: 'enquiry-reason',
  assignee_id: 'enquiry-assignee',
  due_date: 'enquiry-due',
}

/** A refusal of the gateway as the form's problem, each named field with its own message. */
function problemOf(t: Translate, answer: Failure, ids: Record<string, string>): FormProblem {
  return {
    message: answer.code === 'validation_error' && answer.errors.length ? null : translateCode(t, answer.code),
    fields: answer.errors.filter((f) => ids[f]).map((f) => ({ id: ids[f]!, message: t(`enquiries.invalid.${f}`) })),
  }
}

async function showEnquiry(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/enquiries/${idOf(c)}`, EnquiryDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const enquiry = answer.content
  return renderScreen(c, {
    status,
    screen: 'enquiries',
    title: t('enquiries.title', { reference: enquiry.reference }),
    body: <EnquiryRecord t={t} lang={lang} enquiry={enquiry} state={state} />,
  })
}

/** A record's path pattern: its id, digits only. */
const RECORD = '/:id{[0-9]{1,10}}'

export const enquiries = new Hono<ConsoleEnv>()

enquiries.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    screen: 'enquiries',
    title: t('sections.enquiries'),
    call: '/core/operator/enquiries',
    schema: EnquiryListSchema,
    query: filterOf(c),
    draw: (list, pageable) => <EnquiryList t={t} lang={lang} list={list} pageable={pageable} />,
  })
})

/** Every enquiry the filter matches, as CSV in the operator's language (UTF-8 with a BOM, so spreadsheets read it). */
enquiries.get('/export.csv', async (c) => {
  const t = translator(c.get('lang'))
  const answer = await gatewayFor(c).get('/core/operator/enquiries/export', EnquiryExportSchema, filterOf(c))
  if (!answer.ok) return renderFailure(c, answer)
  const header = [
    'reference',
    'received',
    'project',
    'sector',
    'enquirer',
    'email',
    'phone',
    'company',
    'country',
    'amount',
    'timeframe',
    'state',
    'reason',
    'assignee',
    'due',
    'message',
  ].map((column) => t(`enquiries.csv.${column}`))
  const rows = answer.content.items.map((e) => [
    e.reference,
    e.created_at,
    e.project?.title ?? t('enquiries.kinds.contact'),
    e.project?.sector ?? '',
    e.name,
    e.email,
    e.phone,
    e.company_name,
    e.country,
    e.amount,
    e.timeframe ? t(`enquiries.timeframes.${e.timeframe}`) : '',
    statusLabel(t, e),
    e.outcome_reason ?? '',
    e.assignee?.email ?? '',
    e.due_date ?? '',
    e.message,
  ])
  const day = new Date().toISOString().slice(0, 10)
  return c.body(`\uFEFF${toCsv([header, ...rows])}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="enquiries-${day}.csv"`,
    'Cache-Control': 'no-store',
  })
})

enquiries.get(RECORD, (c) => showEnquiry(c, 200, NO_FORM_STATE))

/** Status, outcome, reason, assignee and due date, as the form has them; the gateway checks them. */
enquiries.post(RECORD, async (c) => {
  const values = await readFields(c)
  const body = Object.fromEntries(Object.keys(FIELD_IDS).map((k) => [k, (values[k] ?? '').trim()]))
  const answer = await gatewayFor(c).post(`/core/operator/enquiries/${idOf(c)}`, EnquiryChangedSchema, body)
  if (!answer.ok) {
    const problem = problemOf(translator(c.get('lang')), answer, FIELD_IDS)
    return showEnquiry(c, refusedStatus(answer), { problem, values, form: 'change' })
  }
  return redirectWith(c, paths.enquiry(c.get('lang'), idOf(c)), 'saved')
})

/** A reply to the enquirer (`replies`) or an internal note (`notes`): a text of 1 to 5000 characters. */
for (const kind of ['replies', 'notes'] as const) {
  enquiries.post(`${RECORD}/${kind}`, async (c) => {
    const t = translator(c.get('lang'))
    const values = await readFields(c)
    const text = (values.body ?? '').trim()
    const ids = { body: kind === 'replies' ? 'enquiry-reply' : 'enquiry-note' }
    const max = kind === 'replies' ? ENQUIRY_LIMITS.reply : ENQUIRY_LIMITS.note
    if (!text || text.length > max) {
      const problem = { message: null, fields: [{ id: ids.body, message: t('enquiries.invalid.body') }] }
      return showEnquiry(c, 422, { problem, values, form: kind })
    }
    const call = `/core/operator/enquiries/${idOf(c)}/${kind}`
    const answer = await gatewayFor(c).post(call, EnquiryChangedSchema, { body: text })
    if (!answer.ok)
      return showEnquiry(c, refusedStatus(answer), { problem: problemOf(t, answer, ids), values, form: kind })
    return redirectWith(c, paths.enquiry(c.get('lang'), idOf(c)), kind === 'replies' ? 'replied' : 'saved')
  })
}
