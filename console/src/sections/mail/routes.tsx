/**
 * The admin's mail screen (docs/gateway-contract.md#operator-mail): mail the delivery gave up on, or still holds, and a
 * failed one sent again, with a fresh link when it carries a password link.
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { MailListSchema, MailResentSchema } from '../../../../contract/operators/mail'
import { MAIL_STATUSES } from '../../../../contract/operators/values'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import { type Ctx, idOf, listScreen, pick, problemOf, redirectWith, refusedStatus, renderFailure } from '../../screen'
import type { FormProblem } from '../../ui'
import { MailList } from './views'

/** The list of `?status=` (failed by default), and the refusal of a resend when there was one. */
function showMail(c: Ctx, status: ContentfulStatusCode, problem: FormProblem | null): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    status,
    screen: 'mail',
    title: t('mail.title'),
    call: '/core/operator/mail',
    schema: MailListSchema,
    query: { status: pick(c.req.query('status'), MAIL_STATUSES) },
    draw: (list, pageable) => <MailList t={t} lang={lang} list={list} pageable={pageable} problem={problem} />,
  })
}

export const mail = new Hono<ConsoleEnv>()

mail.get('/', (c) => showMail(c, 200, null))

mail.post('/:id{[0-9]{1,10}}/resend', async (c) => {
  const t = translator(c.get('lang'))
  const answer = await gatewayFor(c).post(`/core/operator/mail/${idOf(c)}/resend`, MailResentSchema)
  if (!answer.ok) {
    if (answer.status === 403) return renderFailure(c, answer)
    return showMail(c, refusedStatus(answer), problemOf(t, answer))
  }
  return redirectWith(c, paths.mail(c.get('lang')), answer.content.link_renewed ? 'mailResentLink' : 'mailResent')
})
