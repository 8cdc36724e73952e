/**
 * The profile's appeals: create, reply while `reviewed`, and accept or reject the answer
 * (docs/gateway-contract.md#appeals).
 */

import type { Created } from '../../contract/gateway/common'
import { AppealReplySchema, AppealResolutionSchema, AppealSchema } from '../../shared/forms/account-forms'
import { checkForm } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action, ActionInput, ActionResult } from './lib/types'

type Input = ActionInput<'profile-appeals'>

async function createAppeal({ c, fields, gateway }: Input): Promise<ActionResult> {
  const form = checkForm(AppealSchema, fields)
  if (!form.ok) return invalid(fields, form.errors)
  const { type, region_id, text } = form.output
  const created = await gateway.request<Created | null>('POST', '/siw/appeal', { body: { ...type, region_id, text } })
  if (!created.ok) return fromGatewayError(created, fields, { rename: { topic_id: 'type', type_id: 'type' } })
  const id = created.envelope.content?.id
  return {
    redirect: href('profile-appeals', { locale: c.get('locale'), params: id ? { id: String(id) } : {} }),
    notice: 'notices.appealSent',
  }
}

async function replyToAppeal({ c, fields, gateway }: Input, id: string): Promise<ActionResult> {
  const form = checkForm(AppealReplySchema, fields)
  if (!form.ok) return invalid(fields, form.errors)
  const replied = await gateway.request('POST', '/siw/appeal/reply', {
    body: { appeal_id: Number(id), response: form.output.response },
  })
  if (!replied.ok) return fromGatewayError(replied, fields)
  return { redirect: href('profile-appeals', { locale: c.get('locale'), params: { id } }), notice: 'notices.replySent' }
}

async function resolveAppeal({ c, fields, gateway }: Input, id: string): Promise<ActionResult> {
  const form = checkForm(AppealResolutionSchema, fields)
  if (!form.ok) return invalid(fields, form.errors)
  const resolved = await gateway.request('POST', '/siw/appeal/resolved', {
    body: { appeal_id: Number(id), resolved: form.output.resolved === 'true', reason: form.output.reason },
  })
  if (!resolved.ok) return fromGatewayError(resolved, fields)
  return {
    redirect: href('profile-appeals', { locale: c.get('locale'), params: { id } }),
    notice: 'notices.appealClosed',
  }
}

/** One action for the list page (`intent=create`) and an appeal's page (`intent=reply|resolve`). */
export const action: Action<'profile-appeals'> = {
  async run(input) {
    const intent = input.fields.intent
    const id = input.params.id
    if (id) {
      if (intent === 'reply') return replyToAppeal(input, id)
      if (intent === 'resolve') return resolveAppeal(input, id)
    } else if (intent === 'create') return createAppeal(input)
    return invalid(input.fields, {}, 'bad_request', 400)
  },
}
