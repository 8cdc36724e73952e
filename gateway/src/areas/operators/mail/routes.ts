/** The operators' mail calls (docs/gateway-contract.md#operator-mail), mounted at `/core/operator/mail` (admins). */
import { Hono } from 'hono'
import * as v from 'valibot'
import { MAIL_STATUSES } from '../../../../../contract/operators/values'
import type { AppEnv } from '../../../lib/context'
import { ok } from '../../../lib/envelope'
import { pageable, readPaging } from '../../../lib/paging'
import { IdSchema, parseInput, readQuery } from '../../../lib/validate'
import { listMail, resendMail } from './resend'

const MailQuerySchema = v.object({ status: v.optional(v.picklist(MAIL_STATUSES), 'failed') })

export const operatorMailRoutes = new Hono<AppEnv>()

/** Failed (or long-queued) mail, without bodies, with the count of each. */
operatorMailRoutes.get('/', async (c) => {
  const query = readQuery(c)
  const { status } = parseInput(MailQuerySchema, query)
  const paging = readPaging(query, 50)
  const { items, total, counts } = await listMail(c.env.DB, status, paging, new Date())
  return ok(c, { status, items, counts }, pageable(paging, total))
})

/** A failed mail queued again, with a fresh link when it carries a password link; audited as `mail.resend`. */
operatorMailRoutes.post('/:id/resend', async (c) => {
  const { id } = parseInput(v.object({ id: IdSchema }), c.req.param())
  return ok(c, await resendMail(c.env, c.get('operator').id, id, new Date()))
})
