/**
 * The inbox (docs/gateway-contract.md#operator): contact requests and event applications, listed by kind with a filter,
 * exported as CSV, opened, and marked handled or open again.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
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
import type { FormProblem } from '../../ui'
import { fieldText, INBOX_COLUMNS } from './columns'
import { InboxList, InboxRecord } from './views'

const HandledForm = v.object({ handled: v.picklist(['true', 'false']) })

/** The list's filter from the query: the kind, which items, and a search of at most 100 characters. */
const filterOf = (c: Ctx) => ({
  kind: pick(c.req.query('kind'), INBOX_KINDS),
  handled: pick(c.req.query('handled'), INBOX_HANDLED),
  q: (c.req.query('q') ?? '').trim().slice(0, 100),
})

// Hono's path patterns take a regex without alternation, so the kind is read by the handler.
const isInboxKind = (kind: string): kind is InboxKind => (INBOX_KINDS as readonly string[]).includes(kind)

/** An item's path pattern: its kind, then its id. */
const ITEM = '/:kind{[a-z]+}/:id{[0-9]{1,10}}'

async function showItem(c: Ctx, kind: InboxKind, status: ContentfulStatusCode, problem: FormProblem | null) {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/inbox/${kind}/${idOf(c)}`, InboxItemSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(c, {
    status,
    screen: 'inbox',
    title: t(`inbox.itemTitle.${kind}`, { id: answer.content.id }),
    body: <InboxRecord t={t} lang={lang} item={answer.content} problem={problem} />,
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
  ])
  const header = [...columns.map(([, label]) => t(label)), t('inbox.handledAt'), t('inbox.handledByColumn')]
  const day = new Date().toISOString().slice(0, 10)
  return c.body(`\uFEFF${toCsv([header, ...rows])}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="inbox-${filter.kind}-${day}.csv"`,
    'Cache-Control': 'no-store',
  })
})

inbox.get(ITEM, (c) => {
  const kind = c.req.param('kind')
  return isInboxKind(kind) ? showItem(c, kind, 200, null) : c.notFound()
})

inbox.post(`${ITEM}/handled`, async (c) => {
  const t = translator(c.get('lang'))
  const kind = c.req.param('kind')
  if (!isInboxKind(kind)) return c.notFound()
  const form = checkForm(t, HandledForm, await readFields(c), {})
  if (!form.ok) return showItem(c, kind, 422, form.problem)
  const handled = form.output.handled === 'true'
  const call = `/core/operator/inbox/${kind}/${idOf(c)}/handled`
  const answer = await gatewayFor(c).post(call, InboxHandledSchema, { handled })
  if (!answer.ok) return showItem(c, kind, refusedStatus(answer), problemOf(t, answer))
  return redirectWith(c, paths.inboxItem(c.get('lang'), kind, idOf(c)), handled ? 'handled' : 'reopened')
})
