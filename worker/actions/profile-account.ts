/**
 * The account page's forms (docs/product.md#own-account), one action by `intent`: end a session or every other one,
 * ask for an e-mail change, ask for the data export, delete the account. Each answers a redirect back with its notice,
 * or the page again with the form's errors; deleting ends this session too and lands on the home page.
 */
import * as v from 'valibot'
import { ChangeEmailSchema, DeleteAccountSchema } from '../../shared/forms/account-forms'
import { checkForm, FIELD_ERRORS } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { clearSessionCookie, readSession } from '../session/session'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action, ActionInput, ActionResult } from './lib/types'

type Input = ActionInput<'profile-account'>

const back = (input: Input, notice: string): ActionResult => ({
  redirect: href('profile-account', { locale: input.c.get('locale') }),
  notice,
})

async function endSession(input: Input): Promise<ActionResult> {
  const id = v.safeParse(v.pipe(v.string(), v.regex(/^\d{1,15}$/)), input.fields.id ?? '')
  if (!id.success) return invalid(input.fields, {}, 'not_found')
  const ended = await input.gateway.request('POST', `/core/account/sessions/${id.output}/end`)
  if (!ended.ok) return fromGatewayError(ended, input.fields)
  return back(input, 'account.sessions.ended')
}

async function endOthers(input: Input): Promise<ActionResult> {
  const ended = await input.gateway.request('POST', '/core/account/sessions/end-others')
  if (!ended.ok) return fromGatewayError(ended, input.fields)
  return back(input, 'account.sessions.ended')
}

async function changeEmail(input: Input): Promise<ActionResult> {
  const form = checkForm(ChangeEmailSchema, input.fields)
  if (!form.ok) return invalid(input.fields, form.errors)
  const sent = await input.gateway.request('POST', '/core/account/email', { body: form.output })
  if (!sent.ok) return fromGatewayError(sent, input.fields, { messages: { email: 'account.email.same' } })
  return back(input, 'account.email.sent')
}

async function requestExport(input: Input): Promise<ActionResult> {
  const made = await input.gateway.request('POST', '/core/account/export')
  if (!made.ok) return fromGatewayError(made, input.fields)
  return back(input, 'account.export.requested')
}

async function deleteAccount(input: Input): Promise<ActionResult> {
  const session = await readSession(input.c)
  const resident = session.ok && session.session.profile?.is_resident === true
  const form = checkForm(DeleteAccountSchema, { ...input.fields, password: resident ? '-' : input.fields.password })
  if (!form.ok) return invalid(input.fields, form.errors)
  const deleted = await input.gateway.request('POST', '/core/account/delete', {
    body: resident ? {} : { password: form.output.password },
  })
  if (!deleted.ok)
    return fromGatewayError(deleted, input.fields, { messages: { password: FIELD_ERRORS.wrongPassword } })
  // Every session ended at the gateway; this browser's cookie goes with it.
  clearSessionCookie(input.c)
  return { redirect: href('home', { locale: input.c.get('locale') }), notice: 'notices.accountDeleted' }
}

const INTENTS: Readonly<Record<string, (input: Input) => Promise<ActionResult>>> = {
  'end-session': endSession,
  'end-others': endOthers,
  email: changeEmail,
  export: requestExport,
  delete: deleteAccount,
}

export const action: Action<'profile-account'> = {
  maxBytes: 4 * 1024,
  async run(input) {
    const run = INTENTS[input.fields.intent ?? '']
    return run ? run(input) : invalid(input.fields, {}, 'bad_request', 400)
  },
}
