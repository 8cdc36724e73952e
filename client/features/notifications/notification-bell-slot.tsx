/**
 * Where the header shows the notification bell: only for signed-in users, and its code (SWR infinite lists, push) loads
 * as its own chunk, so visitors' first load does not carry it. The bell needs JavaScript to do anything, so it appears
 * once the page is interactive; until then a same-sized placeholder keeps the header from shifting. Its styles are part
 * of `styles/shell.css`.
 */
import { Suspense, useEffect, useState } from 'react'
import { lazyComponent } from '../../runtime/lazy-component'
import { useSession } from '../../runtime/session'

// The bell and the user's realtime channel (docs/decisions/0018-realtime-hub.md) come in one chunk.
const NotificationBell = lazyComponent(() => import('./account-live').then((m) => m.AccountLive))

export function NotificationBellSlot() {
  const session = useSession()
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!session.loggedIn) return null
  const placeholder = <span className="notification-bell-slot" aria-hidden="true" />
  if (!mounted) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell />
    </Suspense>
  )
}
