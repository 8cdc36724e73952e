/**
 * Enquiries (docs/gateway-contract.md#enquiries): a person's interest in a catalogue project, its receipt, and where it
 * stands, read by the signed link of the receipt or in the profile (mounted at `/siw/enquiry`); and the agency's
 * pipeline in the operators' API (`operatorEnquiryRoutes`, mounted at `/core/operator/enquiries`, in the `moderation`
 * area: the role rule is operators/routes.ts's). Every operator change is written in one D1 batch with its audit row.
 */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from '../../../../contract/gateway/enquiry-values'
import { assertHuman } from '../../integrations/bot'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { FORM_IP_LIMIT, isOverLimit, readClientIp } from '../../lib/rate-limit'
import { failValidation, IdSchema, parseInput, readJson, readQuery } from '../../lib/validate'
import { readOptionalUser, requireUser } from '../auth/tokens'
import { auditStatement, recordRead } from '../operators/audit/audit'
import {
  assertOpenProject,
  ChangeSchema,
  changeOf,
  contactFieldsOf,
  diffOf,
  InterestSchema,
  MAILED_STATUSES,
  MERGE_WINDOW_MS,
  NoteSchema,
  ReplySchema,
  readEnquiryCounts,
  referenceOf,
  staleBefore,
  toChange,
  toEnquirerView,
  toOperatorItem,
} from './enquiries'
import { verifyEnquiryLink } from './links'
import { mailReceipt, mailReply, mailStatus } from './notices'
import {
  appendEnquirerMessage,
  countEnquiries,
  type EnquiryFilter,
  findRecentEnquiry,
  insertEnquiry,
  listAssignees,
  listEnquiries,
  listFilterOptions,
  listOwnEnquiries,
  listThreads,
  readAccountContact,
  readEnquiry,
  writeChange,
  writeThreadEntry,
} from './queries'

/** The public and personal calls, mounted at `/siw/enquiry`. */
export const enquiryRoutes = new Hono<AppEnv>()

/**
 * Interest in a project. A signed-in user enquires as their account (its name, address, phone and company); a visitor
 * names themselves. The same address's second interest in the project within a day joins the first: its message is
 * added to the thread and no second receipt is mailed.
 */
enquiryRoutes.post('/', async (c) => {
  const input = parseInput(InterestSchema, await readJson(c))
  const db = c.env.DB
  const lang = readLang(c.req.header('Accept-Language'))
  await assertHuman(c, input.hash, 'contact')
  const limit = { key: `form:enquiry:ip:${readClientIp(c)}`, ...FORM_IP_LIMIT }
  if (await isOverLimit(db, limit, Date.now())) throw new GatewayError(429, 'too_many_attempts')
  const project = await assertOpenProject(db, input.project_id, lang)
  const user = await readOptionalUser(c)
  const account = user ? await readAccountContact(db, user.id) : null
  const contact = account
    ? { ...account, name: account.name || account.email }
    : { name: input.name, email: input.email, phone: input.phone, company_name: input.company_name }
  if (!account) {
    const missing = (['name', 'email'] as const).filter((k) => !contact[k])
    if (missing.length) failValidation([...missing])
  }
  const now = new Date()
  const since = new Date(now.getTime() - MERGE_WINDOW_MS).toISOString()
  const earlier = await findRecentEnquiry(db, contact.email, project.id, since)
  if (earlier) {
    await appendEnquirerMessage(db, earlier.id, input.message, now)
    return ok(c, { id: earlier.id, reference: referenceOf(earlier), merged: true })
  }
  const at = now.toISOString()
  const id = await insertEnquiry(db, {
    project_id: project.id,
    user_id: user?.id ?? null,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    company_name: contact.company_name,
    country_id: input.country_id || account?.country_id || null,
    amount_id: input.amount_id || null,
    timeframe: input.timeframe,
    message: input.message,
    lang,
    created_at: at,
    updated_at: at,
  })
  const reference = referenceOf({ id, created_at: at })
  c.executionCtx.waitUntil(
    mailReceipt(c.env, now, { id, reference, email: contact.email, userId: user?.id ?? null, lang }, project.title),
  )
  return ok(c, { id, reference, merged: false })
})

/** An enquiry by the signed link of its receipt; a malformed or forged token is 404 `not_found`, as a missing one. */
enquiryRoutes.get('/link/:token', async (c) => {
  const db = c.env.DB
  const id = await verifyEnquiryLink(readConfig(c.env).mailLinkSecret, c.req.param('token'))
  const row = id === null ? null : await readEnquiry(db, id, readLang(c.req.header('Accept-Language')))
  if (!row) throw new GatewayError(404, 'not_found')
  return ok(c, toEnquirerView(row, await listThreads(db, [row.id], ['reply'])))
})

/** The signed-in user's enquiries: those of the account, and those made from its address before signing in. */
enquiryRoutes.get('/mine', requireUser, async (c) => {
  const db = c.env.DB
  const user = c.get('user')
  const rows = await listOwnEnquiries(db, user.id, user.email, readLang(c.req.header('Accept-Language')))
  const replies = await listThreads(
    db,
    rows.map((r) => r.id),
    ['reply'],
  )
  return ok(
    c,
    rows.map((r) => toEnquirerView(r, replies)),
  )
})

/** The most rows an export holds; a filter narrows a larger pipeline. */
const EXPORT_MAX_ROWS = 5000

const optionalId = v.nullish(v.union([v.literal(''), IdSchema]), '')

const FilterSchema = v.object({
  kind: v.nullish(v.union([v.literal(''), v.picklist(ENQUIRY_KINDS)]), ''),
  contact_id: optionalId,
  // `1`: only the open enquiries nobody has touched for the overview's number of days.
  stale: v.nullish(v.union([v.literal(''), v.literal('1')]), ''),
  q: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  status: v.nullish(v.union([v.literal(''), v.picklist(ENQUIRY_STATUSES)]), ''),
  project_id: optionalId,
  sector_id: optionalId,
  country_id: optionalId,
  // `0` (or `none`): enquiries nobody is assigned.
  assignee_id: v.nullish(
    v.union([
      v.literal(''),
      v.pipe(
        v.literal('none'),
        v.transform(() => 0),
      ),
      v.literal('0'),
      IdSchema,
    ]),
    '',
  ),
})

function filterOf(query: Record<string, string>): EnquiryFilter {
  const f = parseInput(FilterSchema, query)
  const id = (value: number | '' | '0') => (value === '' ? null : Number(value))
  return {
    kind: f.kind || null,
    contact_id: id(f.contact_id),
    stale_before: f.stale ? staleBefore() : null,
    q: f.q ?? '',
    status: f.status || null,
    project_id: id(f.project_id),
    sector_id: id(f.sector_id),
    country_id: id(f.country_id),
    assignee_id: id(f.assignee_id),
  }
}

const ParamsSchema = v.object({ id: IdSchema })

/** The pipeline's calls, mounted at `/core/operator/enquiries`. */
export const operatorEnquiryRoutes = new Hono<AppEnv>()

operatorEnquiryRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const filter = filterOf(query)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const [total, rows, counts, options] = await Promise.all([
    countEnquiries(db, filter),
    listEnquiries(db, filter, lang, paging),
    readEnquiryCounts(db),
    listFilterOptions(db, lang),
  ])
  return ok(c, { filter, items: rows.map(toOperatorItem), ...counts, options }, pageable(paging, total))
})

/** Every matching enquiry (at most 5000, newest first), for the console's CSV; audited, as it takes personal data out. */
operatorEnquiryRoutes.get('/export', async (c) => {
  const filter = filterOf(readQuery(c))
  const db = c.env.DB
  const rows = await listEnquiries(db, filter, readLang(c.req.header('Accept-Language')), {
    size: EXPORT_MAX_ROWS,
    offset: 0,
  })
  const subject = { action: 'enquiry.export', kind: 'enquiry', id: 0 } as const
  await recordRead(db, c.get('operator').id, subject, { ...filter, rows: rows.length }, new Date())
  return ok(c, { filter, items: rows.map(toOperatorItem) })
})

/** Reads the enquiry of the path, or 404 `not_found`. */
async function readOr404(c: Context<AppEnv>) {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const row = await readEnquiry(c.env.DB, id, readLang(c.req.header('Accept-Language')))
  if (!row) throw new GatewayError(404, 'not_found')
  return row
}

operatorEnquiryRoutes.get('/:id', async (c) => {
  const row = await readOr404(c)
  const db = c.env.DB
  const [thread, assignees] = await Promise.all([
    listThreads(db, [row.id], ['message', 'reply', 'note']),
    listAssignees(db),
  ])
  return ok(c, {
    ...toOperatorItem(row),
    contact: contactFieldsOf(row),
    thread: thread.map((m) => ({
      id: m.id,
      kind: m.kind,
      body: m.body,
      operator:
        m.operator_id === null
          ? null
          : { id: m.operator_id, email: m.operator_email ?? '', name: m.operator_name ?? '' },
      created_at: m.created_at,
    })),
    assignees,
  })
})

/**
 * Changes the status (a closed one with its outcome, a lost one with its reason), the assignee and the due date, with
 * its audit row in the same batch; a change to in contact, meeting or closed is mailed to the enquirer. A repeat, or an
 * operator who changed it meanwhile, leaves it as it is (`changed: false`).
 */
operatorEnquiryRoutes.post('/:id', async (c) => {
  const row = await readOr404(c)
  const db = c.env.DB
  const after = toChange(parseInput(ChangeSchema, await readJson(c)))
  if (after.assignee_id !== null && !(await listAssignees(db)).some((a) => a.id === after.assignee_id))
    failValidation(['assignee_id'])
  const before = changeOf(row)
  const diff = diffOf(before, after)
  if (!Object.keys(diff.after).length) return ok(c, { id: row.id, status: row.status, changed: false })
  const now = new Date()
  const subject = { action: 'enquiry.update', kind: 'enquiry', id: row.id } as const
  const audit = auditStatement(db, c.get('operator').id, subject, diff.before, diff.after, now, { ifChanged: true })
  if (!(await writeChange(db, row.id, before, after, audit, now)))
    return ok(c, { id: row.id, status: row.status, changed: false })
  if (after.status !== before.status && MAILED_STATUSES.includes(after.status as (typeof MAILED_STATUSES)[number]))
    c.executionCtx.waitUntil(mailStatus(c.env, now, row, after))
  return ok(c, { id: row.id, status: after.status, changed: true })
})

/** An internal note: never shown or mailed to the enquirer. */
operatorEnquiryRoutes.post('/:id/notes', async (c) => {
  const row = await readOr404(c)
  const { body } = parseInput(NoteSchema, await readJson(c))
  const now = new Date()
  const operatorId = c.get('operator').id
  const subject = { action: 'enquiry.note', kind: 'enquiry', id: row.id } as const
  const audit = auditStatement(c.env.DB, operatorId, subject, null, { note: body }, now)
  await writeThreadEntry(c.env.DB, { enquiryId: row.id, kind: 'note', body, operatorId }, audit, now)
  return ok(c, { id: row.id, status: row.status, changed: true })
})

/** A reply to the enquirer: mailed to them, and shown on their signed link and in their profile. */
operatorEnquiryRoutes.post('/:id/replies', async (c) => {
  const row = await readOr404(c)
  const { body } = parseInput(ReplySchema, await readJson(c))
  const now = new Date()
  const operatorId = c.get('operator').id
  const subject = { action: 'enquiry.reply', kind: 'enquiry', id: row.id } as const
  const audit = auditStatement(c.env.DB, operatorId, subject, null, { reply: body }, now)
  await writeThreadEntry(c.env.DB, { enquiryId: row.id, kind: 'reply', body, operatorId }, audit, now)
  c.executionCtx.waitUntil(mailReply(c.env, now, row, body))
  return ok(c, { id: row.id, status: row.status, changed: true })
})
