/** What a signed-in user's header loads after hydration, as one chunk: the bell and the user's realtime channel. */
import { NotificationBell } from './notification-bell'
import { PersonalRealtime } from './personal-realtime'

export function AccountLive() {
  return (
    <>
      <NotificationBell />
      <PersonalRealtime />
    </>
  )
}
