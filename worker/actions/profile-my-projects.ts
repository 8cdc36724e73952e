/**
 * The project list's forms, with or without JavaScript: show or hide a project in the public catalogue, and withdraw a
 * proposal still in moderation or rejected (docs/gateway-contract.md#personal-projects).
 */
import * as v from 'valibot'
import { checkForm } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

/** The list's buttons post their project and the visibility asked for; anything else is not this form. */
const VisibilitySchema = v.object({
  intent: v.literal('visibility'),
  id: v.pipe(v.string(), v.regex(/^\d{1,10}$/)),
  visible: v.picklist(['true', 'false']),
})

const WithdrawSchema = v.object({ intent: v.literal('withdraw'), id: v.pipe(v.string(), v.regex(/^\d{1,10}$/)) })

export const action: Action<'profile-my-projects'> = {
  async run({ c, query, fields, gateway }) {
    if (fields.intent === 'withdraw') {
      const form = checkForm(WithdrawSchema, fields)
      if (!form.ok) return invalid(fields, {}, 'bad_request', 400)
      const withdrawn = await gateway.request('POST', `/siw/personal/project/withdraw/${form.output.id}`)
      if (!withdrawn.ok) return fromGatewayError(withdrawn, fields)
      return {
        redirect: href('profile-my-projects', { locale: c.get('locale'), query: { page: query.page } }),
        notice: 'notices.projectWithdrawn',
      }
    }
    const form = checkForm(VisibilitySchema, fields)
    if (!form.ok) return invalid(fields, {}, 'bad_request', 400)
    const changed = await gateway.request('POST', `/siw/personal/project/set-visible/${form.output.id}`, {
      query: { visible: form.output.visible },
    })
    if (!changed.ok) return fromGatewayError(changed, fields)
    return { redirect: href('profile-my-projects', { locale: c.get('locale'), query: { page: query.page } }) }
  },
}
