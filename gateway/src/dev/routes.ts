/**
 * `/dev/*` (DEV_MODE only): the outbox reader, the moderation seam (appeals, projects, registrations: the decisions of
 * lib/moderation.ts and lib/registrations.ts, as the operator console makes them) and lot changes. The OneID stand-in
 * is `oneid-stand-in.ts`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { answerAppeal, decideProject, rejectAppeal } from '../areas/appeals/decisions'
import { approveRegistration, listPendingRegistrations, rejectRegistration } from '../areas/forms/registrations'
import { readOutbox } from '../areas/mail/messages'
import { publishLot } from '../integrations/realtime'
import { readConfig } from '../lib/config'
import { type AppEnv, requestScope } from '../lib/context'
import { GatewayError, ok } from '../lib/envelope'
import { EmailSchema, IdSchema, optionalText, parseInput, readJson, readQuery, text } from '../lib/validate'

/** The `/dev/*` routes (404 unless DEV_MODE is "1"). */
export const devRoutes = new Hono<AppEnv>()

/** Every `/dev/*` path answers 404 unless DEV_MODE is "1". */
devRoutes.use('/dev/*', async (c, next) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  await next()
})

devRoutes.get('/dev/outbox', async (c) => {
  const { email } = parseInput(v.object({ email: EmailSchema }), readQuery(c))
  return ok(c, await readOutbox(c.env.DB, email))
})

const ModerationSchema = v.variant('kind', [
  v.object({
    kind: v.literal('appeal'),
    id: IdSchema,
    action: v.picklist(['review', 'comment', 'reject']),
    reply: optionalText(5000),
    reason: optionalText(2000),
    admin: v.optional(text(100), 'Moderator'),
  }),
  v.object({
    kind: v.literal('project'),
    id: IdSchema,
    action: v.picklist(['approve', 'reject']),
    reason: optionalText(2000),
  }),
  // A rejection mails its reason to the applicant, so it must have one.
  v.variant('action', [
    v.object({ kind: v.literal('registration'), id: IdSchema, action: v.literal('approve') }),
    v.object({ kind: v.literal('registration'), id: IdSchema, action: v.literal('reject'), reason: text(2000) }),
  ]),
])

devRoutes.get('/dev/moderate', async (c) => {
  const db = c.env.DB
  const appeals = await db
    .prepare(
      `SELECT a.id, a.status, a.text, a.created_at, coalesce(u.email, a.email) AS email FROM appeals a LEFT JOIN users u ON u.id = a.user_id
       WHERE a.status IN ('in_moderation', 'reviewed') ORDER BY a.id`,
    )
    .all()
  const projects = await db
    .prepare(
      `SELECT p.id, p.state, coalesce(nullif(p.title_en, ''), nullif(p.title_ru, ''), p.title_uz) AS title, p.created_at, u.email
       FROM personal_projects p JOIN users u ON u.id = p.user_id WHERE p.state = 'pending' AND p.draft = 0 ORDER BY p.id`,
    )
    .all()
  return ok(c, {
    appeals: appeals.results,
    projects: projects.results,
    registrations: await listPendingRegistrations(db),
  })
})

devRoutes.post('/dev/moderate', async (c) => {
  const input = parseInput(ModerationSchema, await readJson(c))
  const now = new Date()
  if (input.kind === 'registration') {
    return ok(
      c,
      input.action === 'approve'
        ? await approveRegistration(c.env, input.id, now)
        : await rejectRegistration(c.env, input.id, input.reason, now),
    )
  }
  if (input.kind === 'appeal') {
    const change =
      input.action === 'reject'
        ? await rejectAppeal(requestScope(c), input.id, input.reason, now)
        : await answerAppeal(
            requestScope(c),
            input.id,
            {
              reply: input.reply,
              admin: input.admin,
              expect: input.action === 'review' ? 'in_moderation' : 'reviewed',
            },
            now,
          )
    return ok(c, { id: change.id, status: change.status })
  }
  const decision = await decideProject(
    requestScope(c),
    input.id,
    { state: input.action === 'approve' ? 'approved' : 'rejected', reason: input.reason },
    now,
  )
  return ok(c, { id: decision.id, state: decision.state })
})

const LotStatusSchema = v.union([text(200), v.object({ uz: text(200), ru: text(200), en: text(200) })])

const LotChangeSchema = v.pipe(
  v.object({
    lot_number: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
    price: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1e15))),
    status: v.optional(LotStatusSchema),
    end_time: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  }),
  v.check((i) => i.price !== undefined || i.status !== undefined || i.end_time !== undefined, 'nothing to change'),
)

type LotRow = {
  lot_number: string
  start_price: number
  zakalad_percent: number
  order_end_time: string
  lot_status_uz: string
  lot_status_ru: string
  lot_status_en: string
}

// An e-auction lot changes while its page is open (the realtime demo): its start price, its status text (one text for
// every language, or one per language) and its end of applications. The lot's page and the lot list hear of it.
devRoutes.post('/dev/lot', async (c) => {
  const input = parseInput(LotChangeSchema, await readJson(c))
  const db = c.env.DB
  const select =
    'SELECT lot_number, start_price, zakalad_percent, order_end_time, lot_status_uz, lot_status_ru, lot_status_en FROM eauction_lots WHERE lot_number = ?'
  const lot = await db.prepare(select).bind(input.lot_number).first<LotRow>()
  if (!lot) throw new GatewayError(404, 'not_found')
  const status =
    typeof input.status === 'string' ? { uz: input.status, ru: input.status, en: input.status } : input.status
  await db
    .prepare(
      'UPDATE eauction_lots SET start_price = ?, order_end_time = ?, lot_status_uz = ?, lot_status_ru = ?, lot_status_en = ?, updated_at = ? WHERE lot_number = ?',
    )
    .bind(
      input.price ?? lot.start_price,
      input.end_time ? new Date(input.end_time).toISOString() : lot.order_end_time,
      status?.uz ?? lot.lot_status_uz,
      status?.ru ?? lot.lot_status_ru,
      status?.en ?? lot.lot_status_en,
      new Date().toISOString(),
      lot.lot_number,
    )
    .run()
  const now = (await db.prepare(select).bind(input.lot_number).first<LotRow>())!
  const event = {
    type: 'lot' as const,
    lot: now.lot_number,
    price: now.start_price,
    // The same rounding as the lot's own answer (zaklad_summa).
    deposit: Math.round((Number(now.start_price) * Number(now.zakalad_percent)) / 100),
    status: { uz: now.lot_status_uz, ru: now.lot_status_ru, en: now.lot_status_en },
    order_end_time: now.order_end_time,
  }
  publishLot(requestScope(c), event)
  return ok(c, event)
})
