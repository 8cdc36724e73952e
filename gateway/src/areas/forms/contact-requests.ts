/**
 * Contact requests after they are sent (docs/product.md#contact): staff answer from the console; each reply is mailed
 * to the sender in the request's language (needed mail: it is the answer they asked for), kept in the request's thread
 * with who wrote it, and marks the request handled.
 */
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { formatReference } from '../../lib/references'
import { queueMail } from '../mail/send'
import { insertContactReply, readContactRequest } from './queries'

/** Answers contact request `id` for `operatorId`: 404 for an unknown one. Answers the reply's id and the reference. */
export async function replyToContactRequest(
  env: Env,
  id: number,
  input: { message: string; operatorId: number },
  now: Date,
  audit: D1PreparedStatement,
): Promise<{ id: number; reference: string; replyId: number; mailed: boolean }> {
  const db = env.DB
  const request = await readContactRequest(db, id)
  if (!request) throw new GatewayError(404, 'not_found')
  const reference = formatReference('contact', id, request.created_at)
  const mail = await queueMail(env, now, {
    kind: 'contact-reply',
    to: request.email,
    lang: readLang(request.lang),
    props: { reference, reply: input.message },
  })
  const outboxId = mail.sent ? mail.outboxId : null
  const replyId = await insertContactReply(
    db,
    { contactId: id, operatorId: input.operatorId, message: input.message, outboxId },
    now,
    audit,
  )
  return { id, reference, replyId, mailed: mail.sent }
}
