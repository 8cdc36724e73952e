/**
 * `/core/account/*`: the signed-in person's own account (docs/gateway-contract.md#account): their sessions, a new
 * e-mail address, the download of their data and deleting the account. Mounted at `/core/account`.
 */
import { Hono } from 'hono'
import * as v from 'valibot'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { EmailSchema, IdSchema, parseInput, readJson } from '../../lib/validate'
import { idleCutoff, requireUser } from '../auth/tokens'
import { requestEmailChange } from './email-change'
import { readExportFile, requestExport, toExportView } from './exports'
import { endSession, endSessions, findLatestExport, listLiveSessions, type SessionRow } from './queries'
import { deleteOwnAccount } from './states'

const SessionParamsSchema = v.object({ id: IdSchema })
const EmailChangeSchema = v.object({ email: EmailSchema })
const DeleteSchema = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(1024)), '') })

/** A session as its list answers it: where and when, and whether it is the one asking. */
function toSessionView(row: SessionRow, currentId: number) {
  return { ...row, current: row.id === currentId }
}

/** The `/core/account/*` routes. */
export const accountRoutes = new Hono<AppEnv>()

accountRoutes.use('*', requireUser)

accountRoutes.get('/sessions', async (c) => {
  const user = c.get('user')
  const now = new Date()
  const rows = await listLiveSessions(c.env.DB, user.id, now, idleCutoff(now))
  return ok(
    c,
    rows.map((row) => toSessionView(row, user.tokenId)),
  )
})

// "Sign out everywhere else": every live session but the asking one.
accountRoutes.post('/sessions/end-others', async (c) => {
  const user = c.get('user')
  return ok(c, { ended: await endSessions(c.env.DB, user.id, user.tokenId, new Date()) })
})

// One session of the person's; another person's, or one already ended, is 404 `not_found`.
accountRoutes.post('/sessions/:id/end', async (c) => {
  const { id } = parseInput(SessionParamsSchema, c.req.param())
  const now = new Date()
  if (!(await endSession(c.env.DB, { userId: c.get('user').id, id }, now, idleCutoff(now))))
    throw new GatewayError(404, 'not_found')
  return ok(c, { id })
})

accountRoutes.post('/email', async (c) => {
  const { email } = parseInput(EmailChangeSchema, await readJson(c))
  await requestEmailChange(c.env, c.get('user'), email, readLang(c.req.header('Accept-Language')), new Date())
  return ok(c, null)
})

accountRoutes.get('/export', async (c) => {
  const row = await findLatestExport(c.env.DB, c.get('user').id)
  return ok(c, toExportView(row, readConfig(c.env).publicBase, new Date()))
})

accountRoutes.post('/export', async (c) => {
  const now = new Date()
  const row = await requestExport(c.env, c.get('user'), readLang(c.req.header('Accept-Language')), now)
  return ok(c, toExportView(row, readConfig(c.env).publicBase, now))
})

accountRoutes.get('/export/file', async (c) => {
  const found = await readExportFile(c.env, c.get('user').id, new Date())
  if (!found) throw new GatewayError(404, 'not_found')
  const day = found.row.created_at.slice(0, 10)
  return new Response(found.object.body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(found.object.size),
      'Content-Disposition': `attachment; filename="invest-portal-data-${day}.json"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  })
})

accountRoutes.post('/delete', async (c) => {
  const { password } = parseInput(DeleteSchema, await readJson(c))
  return ok(c, await deleteOwnAccount(c.env, c.get('user'), password, new Date()))
})
