/** `/siw/notification*`: the signed-in user's notifications, paged, with mark-read and read-all. */
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { IdSchema, parseInput, readQuery } from '../../lib/validate'
import { requireUser } from '../auth/tokens'
import { countNotifications, listNotifications, markAllSeen, markSeen } from './queries'

/** The `/siw/notification*` routes, mounted at `/siw/notification`. */
export const notificationRoutes = new Hono<AppEnv>()

notificationRoutes.use('*', requireUser)

notificationRoutes.get('/', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const paging = readPaging(readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const total = await countNotifications(db, userId)
  const rows = await listNotifications(db, userId, lang, paging)
  const items = rows.map((r) => ({
    id: r.id,
    message: r.message,
    type: r.type,
    link: r.link,
    seen: r.seen === 1,
    created: r.created,
  }))
  return ok(c, items, pageable(paging, total))
})

notificationRoutes.post('/', async (c) => {
  const { id } = parseInput(v.object({ id: IdSchema }), readQuery(c))
  if (!(await markSeen(c.env.DB, c.get('user').id, id))) throw new GatewayError(404, 'not_found')
  return ok(c, null)
})

notificationRoutes.post('/read-all', async (c) => {
  await markAllSeen(c.env.DB, c.get('user').id)
  return ok(c, null)
})
