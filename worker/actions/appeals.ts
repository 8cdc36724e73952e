/** The profile's appeals: create, reply while `reviewed`, and accept or reject the answer (docs/gateway-contract.md#appeals). */
import { splitAppealType, validateAppeal, validateAppealReply, validateAppealResolution } from '../../shared/account-forms'
import { href } from '../../shared/match'
import { fromGatewayError, invalid, rejectInvalid } from './form-result'
import type { Action, ActionInput, ActionResult } from './types'

type Input = ActionInput<'profile-appeals'>

type AppealContent = { id?: number } | null

async function createAppeal({ c, fields, gateway }: Input): Promise<ActionResult> {
  const rejected = rejectInvalid(fields, validateAppeal(fields))
  if (rejected) return rejected
  const ids = splitAppealType(fields.type)!
  try {
    const envelope = await gateway.request<AppealContent>('POST', '/siw/appeal', {
      body: { ...ids, region_id: Number(fields.region_id), text: fields.text!.trim() },
    })
    const id = envelope.content?.id
    return { redirect: href('profile-appeals', { locale: c.get('locale'), params: id ? { id: String(id) } : {} }), notice: 'notices.appealSent' }
  } catch (err) {
    return fromGatewayError(err, fields, { rename: { topic_id: 'type', type_id: 'type' } })
  }
}

async function replyToAppeal({ c, fields, gateway }: Input, id: string): Promise<ActionResult> {
  const rejected = rejectInvalid(fields, validateAppealReply(fields))
  if (rejected) return rejected
  try {
    await gateway.request('POST', '/siw/appeal/reply', { body: { appeal_id: Number(id), response: fields.response!.trim() } })
  } catch (err) {
    return fromGatewayError(err, fields)
  }
  return { redirect: href('profile-appeals', { locale: c.get('locale'), params: { id } }), notice: 'notices.replySent' }
}

async function resolveAppeal({ c, fields, gateway }: Input, id: string): Promise<ActionResult> {
  const rejected = rejectInvalid(fields, validateAppealResolution(fields))
  if (rejected) return rejected
  try {
    await gateway.request('POST', '/siw/appeal/resolved', {
      body: { appeal_id: Number(id), resolved: fields.resolved === 'true', reason: (fields.reason ?? '').trim() },
    })
  } catch (err) {
    return fromGatewayError(err, fields)
  }
  return { redirect: href('profile-appeals', { locale: c.get('locale'), params: { id } }), notice: 'notices.appealClosed' }
}

/** One action for the list page (`intent=create`) and an appeal's page (`intent=reply|resolve`). */
export const appealsAction: Action<'profile-appeals'> = {
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
