/** `/siw/notification*`: the signed-in user's notifications, paged, with mark-read and read-all. */
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { col, readLang } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { IdSchema, parseInput, readQuery } from '../../lib/validate'
import { requireUser } from '../auth/tokens'

/** The `/siw/notification*` routes. */
export const notificationRoutes = new Hono<AppEnv>()

notificationRoutes.use('/siw/notification', requireUser)
notificationRoutes.use('/siw/notification/*', requireUser)

type NotificationRow = { id: number; message: string; type: string; link: string; seen: number; created: string }

notificationRoutes.get('/siw/notification', async (c) => {
  const db = c.env.DB
  const userId = c.get('user').id
  const paging = readPaging(readQuery(c))
  const lang = readLang(c.req.header('Accept-Language'))
  const total = await db
    .prepare('SELECT count(*) AS n FROM notifications WHERE user_id = ?')
    .bind(userId)
    .first<number>('n')
  const { results } = await db
    .prepare(
      `SELECT id, ${col('message', lang)}, type, link, seen, created FROM notifications WHERE user_id = ?
       ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .bind(userId, paging.size, paging.offset)
    .all<NotificationRow>()
  const items = results.map((r) => ({
    id: r.id,
    message: r.message,
    type: r.type,
    link: r.link,
    seen: r.seen === 1,
    created: r.created,
  }))
  return ok(c, items, pageable(paging, total ?? 0))
})

notificationRoutes.post('/siw/notification', async (c) => {
  const { id } = parseInput(v.object({ id: IdSchema }), readQuery(c))
  const result = await c.env.DB.prepare('UPDATE notifications SET seen = 1 WHERE id = ? AND user_id = ?')
    .bind(id, c.get('user').id)
    .run()
  if (result.meta.changes === 0) throw new GatewayError(404, 'not_found')
  return ok(c, null)
})

notificationRoutes.post('/siw/notification/read-all', async (c) => {
  await c.env.DB.prepare('UPDATE notifications SET seen = 1 WHERE user_id = ? AND seen = 0')
    .bind(c.get('user').id)
    .run()
  return ok(c, null)
})
