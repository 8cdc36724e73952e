/**
 * Saves the person's notification choices (docs/product.md#notification-choices): every topic on every channel, a
 * ticked box meaning on, sent whole to `PUT /core/profile/notifications`.
 */
import { CHANNELS, NOTIFICATION_TOPICS } from '../../contract/gateway/channels'
import { href } from '../../shared/routing/match'
import { fromGatewayError } from './lib/form-result'
import type { Action } from './lib/types'

export const action: Action<'profile-notifications'> = {
  maxBytes: 4 * 1024,
  async run({ c, fields, gateway }) {
    const body = Object.fromEntries(
      NOTIFICATION_TOPICS.map((topic) => [
        topic,
        Object.fromEntries(CHANNELS.map((channel) => [channel, fields[`${topic}.${channel}`] === 'on'])),
      ]),
    )
    const saved = await gateway.request('PUT', '/core/profile/notifications', { body })
    if (!saved.ok) return fromGatewayError(saved, fields)
    return { redirect: href('profile-notifications', { locale: c.get('locale') }), notice: 'notificationsPrefs.saved' }
  },
}
