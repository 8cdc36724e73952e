/**
 * The inbox in the operators' API (docs/gateway-contract.md#operator): contact requests and event applications,
 * filtered by kind, handled or not and a search, each marked handled by the operator who did, and exported whole.
 * Event applications' documents are downloaded through `/core/operator/files/{id}`, never a public URL.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../../../../contract/locales'
import { INBOX_HANDLED, INBOX_KINDS, type InboxKind } from '../../../../../contract/operators/values'
import type { AppEnv } from '../../../lib/context'
import { GatewayError, ok } from '../../../lib/envelope'
import { col, readLang } from '../../../lib/lang'
import { pageable, readPaging } from '../../../lib/paging'
import { likePattern } from '../../../lib/search-text'
import { BoolSchema, IdSchema, parseInput, readJson, readQuery } from '../../../lib/validate'
import { toCountryView } from '../../content/places'
import { recordAudit } from '../audit/audit'

const KINDS = INBOX_KINDS

/** The most rows an export holds; a filter narrows a larger inbox. */
const EXPORT_MAX_ROWS = 5000

const FilterSchema = v.object({
  kind: v.optional(v.picklist(KINDS), 'contact'),
  handled: v.optional(v.picklist(INBOX_HANDLED), 'open'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
})
type Filter = v.InferOutput<typeof FilterSchema>

const ItemParamsSchema = v.object({ kind: v.picklist(KINDS), id: IdSchema })
const HandledSchema = v.object({ handled: BoolSchema })

const TABLES: Record<InboxKind, string> = { contact: 'contact_requests', event: 'event_applications' }
const AUDIT_KINDS = { contact: 'contact', event: 'event_application' } as const

/** Columns a search looks in, per kind. */
const SEARCHED: Record<InboxKind, string[]> = {
  contact: ['x.name', 'x.last_name', 'x.email', 'x.phone', 'x.company_name', 'x.message'],
  event: ['x.first_name', 'x.last_name', 'x.email', 'x.phone', 'x.organization', 'x.passport'],
}

function whereOf(kind: InboxKind, filter: Filter): { sql: string; args: unknown[] } {
  const parts: string[] = []
  const args: unknown[] = []
  if (filter.handled === 'open') parts.push('x.handled_at IS NULL')
  if (filter.handled === 'handled') parts.push('x.handled_at IS NOT NULL')
  if (filter.q) {
    // An all-digit search is an id as well.
    const id = /^\d{1,10}$/.test(filter.q) ? Number(filter.q) : -1
    parts.push(`(x.id = ? OR ${SEARCHED[kind].map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    args.push(id, ...SEARCHED[kind].map(() => likePattern(filter.q)))
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args }
}

const selectOf = (kind: InboxKind, lang: Locale) =>
  kind === 'contact'
    ? `SELECT x.*, o.email AS handled_by_email, o.name AS handled_by_name FROM contact_requests x
       LEFT JOIN operators o ON o.id = x.handled_by`
    : `SELECT x.*, ${col('e.name', lang, 'event_title')}, d.passport_file_id, d.image_file_id,
         o.email AS handled_by_email, o.name AS handled_by_name
       FROM event_applications x LEFT JOIN events e ON e.id = x.event_id
       LEFT JOIN event_application_documents d ON d.application_id = x.id LEFT JOIN operators o ON o.id = x.handled_by`

type InboxRow = Record<string, unknown> & {
  id: number
  handled_at: string | null
  handled_by: number | null
  handled_by_email: string | null
  handled_by_name: string | null
}

/** A row as the inbox answers it: never its upload capability; who handled it, and when. */
function toItem(kind: InboxKind, row: InboxRow, lang: Locale) {
  const {
    upload_token_hash: _,
    handled_by,
    handled_by_email,
    handled_by_name,
    handled_at,
    passport_file_id,
    image_file_id,
    ...fields
  } = row
  const handled = handled_at
    ? { at: handled_at, by: { id: handled_by, email: handled_by_email ?? '', name: handled_by_name ?? '' } }
    : null
  if (kind === 'contact') return { kind, ...fields, handled }
  return {
    kind,
    ...fields,
    country: toCountryView(Number(row.country_id), lang)?.country ?? '',
    documents:
      passport_file_id && image_file_id ? { passport: String(passport_file_id), photo: String(image_file_id) } : null,
    handled,
  }
}

async function readCounts(db: D1Database) {
  const counts = await db
    .prepare(
      `SELECT (SELECT count(*) FROM contact_requests WHERE handled_at IS NULL) AS contact,
         (SELECT count(*) FROM event_applications WHERE handled_at IS NULL) AS event`,
    )
    .first<{ contact: number; event: number }>()
  return { contact: counts?.contact ?? 0, event: counts?.event ?? 0 }
}

/** The operator calls of the inbox. */
export const operatorInboxRoutes = new Hono<AppEnv>()

operatorInboxRoutes.get('/core/operator/inbox', async (c) => {
  const query = readQuery(c)
  const filter = parseInput(FilterSchema, query)
  const paging = readPaging(query, 25)
  const lang = readLang(c.req.header('Accept-Language'))
  const db = c.env.DB
  const where = whereOf(filter.kind, filter)
  const total = await db
    .prepare(`SELECT count(*) AS n FROM ${TABLES[filter.kind]} x ${where.sql}`)
    .bind(...where.args)
    .first<number>('n')
  const { results } = await db
    .prepare(`${selectOf(filter.kind, lang)} ${where.sql} ORDER BY x.id DESC LIMIT ? OFFSET ?`)
    .bind(...where.args, paging.size, paging.offset)
    .all<InboxRow>()
  const items = results.map((r) => toItem(filter.kind, r, lang))
  return ok(c, { filter, items, open: await readCounts(db) }, pageable(paging, total ?? 0))
})

/**
 * Every row the filter matches (at most 5000, newest first), for the console's CSV. The export is audited: it takes
 * applicants' personal data out of the system.
 */
operatorInboxRoutes.get('/core/operator/inbox/export', async (c) => {
  const filter = parseInput(FilterSchema, readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const where = whereOf(filter.kind, filter)
  const { results } = await c.env.DB.prepare(`${selectOf(filter.kind, lang)} ${where.sql} ORDER BY x.id DESC LIMIT ?`)
    .bind(...where.args, EXPORT_MAX_ROWS)
    .all<InboxRow>()
  const now = new Date()
  const subject = { action: 'inbox.export', kind: AUDIT_KINDS[filter.kind], id: 0 } as const
  await recordAudit(c.env.DB, c.get('operator').id, subject, null, { ...filter, rows: results.length }, now)
  return ok(c, { filter, items: results.map((r) => toItem(filter.kind, r, lang)) })
})

operatorInboxRoutes.get('/core/operator/inbox/:kind/:id', async (c) => {
  const { kind, id } = parseInput(ItemParamsSchema, c.req.param())
  const lang = readLang(c.req.header('Accept-Language'))
  const row = await c.env.DB.prepare(`${selectOf(kind, lang)} WHERE x.id = ?`)
    .bind(id)
    .first<InboxRow>()
  if (!row) throw new GatewayError(404, 'not_found')
  return ok(c, toItem(kind, row, lang))
})

/** Marks an item handled by the operator (or open again); a change is audited, a repeat changes nothing. */
operatorInboxRoutes.post('/core/operator/inbox/:kind/:id/handled', async (c) => {
  const { kind, id } = parseInput(ItemParamsSchema, c.req.param())
  const { handled } = parseInput(HandledSchema, await readJson(c))
  const db = c.env.DB
  const operator = c.get('operator')
  const now = new Date()
  const exists = await db.prepare(`SELECT 1 FROM ${TABLES[kind]} WHERE id = ?`).bind(id).first()
  if (!exists) throw new GatewayError(404, 'not_found')
  const changed = handled
    ? await db
        .prepare(`UPDATE ${TABLES[kind]} SET handled_at = ?, handled_by = ? WHERE id = ? AND handled_at IS NULL`)
        .bind(now.toISOString(), operator.id, id)
        .run()
    : await db
        .prepare(
          `UPDATE ${TABLES[kind]} SET handled_at = NULL, handled_by = NULL WHERE id = ? AND handled_at IS NOT NULL`,
        )
        .bind(id)
        .run()
  if (changed.meta.changes === 1) {
    const subject = { action: handled ? 'inbox.handled' : 'inbox.reopened', kind: AUDIT_KINDS[kind], id } as const
    await recordAudit(db, operator.id, subject, { handled: !handled }, { handled }, now)
  }
  return ok(c, { kind, id, handled })
})
