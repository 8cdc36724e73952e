/**
 * `/profile`: a person corrects their data (docs/gateway-contract.md#profile-changes), with or without JavaScript; the
 * fields are those their kind of account may correct, errors at the field in the page's language.
 */
import { checkForm } from '../../shared/forms/forms'
import { href } from '../../shared/routing/match'
import { readSession } from '../session/session'
import { fromGatewayError, invalid } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'profile'> = {
  async run({ c, fields, gateway }) {
    const session = await readSession(c)
    const profile = session.ok ? session.session.profile : null
    if (!profile?.role) return invalid(fields, {}, 'expired_token', 401)
    const kind = { role: profile.role, resident: profile.is_resident === true }
    // Imported as the page imports it, lazily (docs/decisions/0024-form-schemas.md): the server build bundles both, and
    // a static import here would leave the page's dynamic one ineffective there.
    const { PROFILE_GATEWAY_MESSAGES, profileChangeSchema, toProfileChange } = await import(
      '../../shared/forms/profile-forms'
    )
    const form = checkForm(profileChangeSchema(kind), fields)
    if (!form.ok) return invalid(fields, form.errors)
    const saved = await gateway.request('PATCH', '/core/profile', { body: toProfileChange(kind, fields) })
    if (!saved.ok) return fromGatewayError(saved, fields, { messages: PROFILE_GATEWAY_MESSAGES })
    return { redirect: href('profile', { locale: c.get('locale') }), notice: 'account.saved' }
  },
}
