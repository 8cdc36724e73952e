/** The project list's one form without JavaScript: show or hide a project in the public catalogue. */
import { href } from '../../shared/match'
import { fromGatewayError, invalid } from './form-result'
import type { Action } from './types'

export const myProjectsAction: Action<'profile-my-projects'> = {
  async run({ c, query, fields, gateway }) {
    const id = fields.id ?? ''
    if (fields.intent !== 'visibility' || !/^\d{1,10}$/.test(id) || !['true', 'false'].includes(fields.visible ?? '')) {
      return invalid(fields, {}, 'bad_request', 400)
    }
    try {
      await gateway.request('POST', `/siw/personal/project/set-visible/${id}`, { query: { visible: fields.visible } })
    } catch (err) {
      return fromGatewayError(err, fields)
    }
    return { redirect: href('profile-my-projects', { locale: c.get('locale'), query: { page: query.page } }) }
  },
}
