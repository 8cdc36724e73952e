/**
 * `/dev/*` (DEV_MODE only, development build only): the outbox reader, the moderation seam (appeals, projects,
 * registrations: the same decisions the operator console makes), lot changes for the realtime demo, seeding and the
 * hostile-content posts of the end-to-end tests. The OneID stand-in is `oneid-stand-in.ts`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import type { Locale } from '../../../contract/locales'
import { answerAppeal, rejectAppeal } from '../areas/appeals/decisions'
import { approveRegistration, rejectRegistration } from '../areas/forms/registrations'
import { decideProject } from '../areas/personal/decisions'
import { schedulePublish } from '../integrations/realtime'
import { type AppEnv, type RequestScope, requestScope } from '../lib/context'
import { GatewayError, ok } from '../lib/envelope'
import { EmailSchema, IdSchema, optionalText, parseInput, readJson, readQuery, text } from '../lib/validate'
import {
  deletePost,
  listOpenCases,
  listPendingRegistrations,
  readLotState,
  readOutbox,
  updateLotState,
  writeRawPost,
} from './queries'
import { resetAll, seedAll } from './seed/index'

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

type Moderation = v.InferOutput<typeof ModerationSchema>

/** Makes the decision a `/dev/moderate` post asks for, as the operator console would. */
async function moderate(env: Env, scope: RequestScope, input: Moderation, now: Date) {
  if (input.kind === 'registration') {
    return input.action === 'approve'
      ? approveRegistration(env, input.id, now)
      : rejectRegistration(env, input.id, input.reason, now)
  }
  if (input.kind === 'appeal') {
    const change =
      input.action === 'reject'
        ? await rejectAppeal(scope, input.id, input.reason, now)
        : await answerAppeal(
            scope,
            input.id,
            {
              reply: input.reply,
              admin: input.admin,
              expect: input.action === 'review' ? 'in_moderation' : 'reviewed',
            },
            now,
          )
    return { id: change.id, status: change.status }
  }
  const state = input.action === 'approve' ? 'approved' : 'rejected'
  const decision = await decideProject(scope, input.id, { state, reason: input.reason }, now)
  return { id: decision.id, state: decision.state }
}

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

/** A lot as it is now: what its page and the lot list show that can change (docs/gateway-contract.md#realtime). */
type LotEvent = {
  type: 'lot'
  lot: string
  price: number
  deposit: number | null
  status: Record<Locale, string>
  order_end_time: string
}

/** Changes an e-auction lot and answers it as its page and the lot list hear of it. */
async function changeLot(db: D1Database, input: v.InferOutput<typeof LotChangeSchema>): Promise<LotEvent> {
  const lot = await readLotState(db, input.lot_number)
  if (!lot) throw new GatewayError(404, 'not_found')
  const status =
    typeof input.status === 'string' ? { uz: input.status, ru: input.status, en: input.status } : input.status
  await updateLotState(
    db,
    {
      lot_number: lot.lot_number,
      start_price: input.price ?? lot.start_price,
      order_end_time: input.end_time ? new Date(input.end_time).toISOString() : lot.order_end_time,
      lot_status_uz: status?.uz ?? lot.lot_status_uz,
      lot_status_ru: status?.ru ?? lot.lot_status_ru,
      lot_status_en: status?.en ?? lot.lot_status_en,
    },
    new Date(),
  )
  const now = (await readLotState(db, input.lot_number))!
  return {
    type: 'lot',
    lot: now.lot_number,
    price: now.start_price,
    // The same rounding as the lot's own answer (zaklad_summa).
    deposit: Math.round((Number(now.start_price) * Number(now.zakalad_percent)) / 100),
    status: { uz: now.lot_status_uz, ru: now.lot_status_ru, en: now.lot_status_en },
    order_end_time: now.order_end_time,
  }
}

/** A post stored exactly as given, in every language: no trimming, no sanitising (hostile-content tests). */
const DevPostSchema = v.object({
  id: IdSchema,
  category: v.picklist(['news', 'publication', 'pr_material', 'blog']),
  publish_date: v.pipe(v.string(), v.isoDate()),
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)),
  content: v.pipe(v.string(), v.maxLength(20_000)),
  author: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
})

/** The `/dev/*` helpers (their routes below `/dev`); mounted only in a development build. */
export function createDevRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  routes.get('/outbox', async (c) => {
    const { email } = parseInput(v.object({ email: EmailSchema }), readQuery(c))
    return ok(c, await readOutbox(c.env.DB, email))
  })

  routes.get('/moderate', async (c) => {
    const db = c.env.DB
    return ok(c, { ...(await listOpenCases(db)), registrations: await listPendingRegistrations(db) })
  })

  routes.post('/moderate', async (c) => {
    const input = parseInput(ModerationSchema, await readJson(c))
    return ok(c, await moderate(c.env, requestScope(c), input, new Date()))
  })

  // An e-auction lot changes while its page is open (the realtime demo): its start price, its status text (one text
  // for every language, or one per language) and its end of applications. The lot's page and the lot list hear of it.
  routes.post('/lot', async (c) => {
    const event = await changeLot(c.env.DB, parseInput(LotChangeSchema, await readJson(c)))
    const scope = requestScope(c)
    schedulePublish(scope, async () => ({ channel: `lot:${event.lot}`, event }))
    schedulePublish(scope, async () => ({ channel: 'lots', event }))
    return ok(c, event)
  })

  /** Seeding: idempotent; user data is never touched. */
  routes.post('/seed', async (c) => ok(c, await seedAll(c.env)))

  /** Wipes content and user tables, then seeds again (`npm run db:reset`). */
  routes.post('/reset', async (c) => {
    await resetAll(c.env)
    return ok(c, await seedAll(c.env))
  })

  /**
   * Writes one post as an upstream CMS might send it. End-to-end tests use it to check that hostile titles and bodies
   * render inert; it is not indexed for search, and a later seed leaves it alone.
   */
  routes.put('/content/post', async (c) => {
    const post = parseInput(DevPostSchema, await readJson(c))
    await writeRawPost(c.env.DB, post, new Date())
    return ok(c, { id: post.id })
  })

  /** Removes a post written by `PUT /dev/content/post`. */
  routes.delete('/content/post/:id', async (c) => {
    const { id } = parseInput(v.object({ id: IdSchema }), { id: c.req.param('id') })
    await deletePost(c.env.DB, id)
    return ok(c, { id })
  })

  return routes
}
