/**
 * Where the header shows the notification bell: only for signed-in users, and its code (SWR infinite lists, push) loads
 * as its own chunk, so visitors' first load does not carry it.
 */
import { lazy, Suspense } from 'react'
import { useSession } from '../session'
import './notification-bell.css'

const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })))

export function NotificationBellSlot() {
  const session = useSession()
  if (!session.loggedIn) return null
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  )
}
