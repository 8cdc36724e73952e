/**
 * Pushes that arrive while a portal page is visible: the service worker hands them to the page instead of showing a
 * system notification (`client/features/notifications/firebase-sw.ts`); the page toasts them and lets the bell refresh.
 */
import { useEffect, useRef } from 'react'
import { showToast } from '../../runtime/notify'

type ForegroundPush = {
  isFirebaseMessaging?: boolean
  messageType?: string
  notification?: { title?: string; body?: string }
  data?: Record<string, string>
}

/** Calls `onPush` for every push the service worker hands this page, after toasting its title and text. */
export function usePushMessages(enabled: boolean, fallbackTitle: string, onPush: () => void): void {
  const latest = useRef({ fallbackTitle, onPush })
  latest.current = { fallbackTitle, onPush }
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    const listener = (event: MessageEvent) => {
      const push = event.data as ForegroundPush | null
      if (!push?.isFirebaseMessaging || push.messageType !== 'push-received') return
      const title = push.notification?.title ?? push.data?.title ?? ''
      const body = push.notification?.body ?? push.data?.body ?? push.data?.message ?? ''
      void showToast('info', [title, body].filter(Boolean).join(' — ') || latest.current.fallbackTitle)
      latest.current.onPush()
    }
    navigator.serviceWorker.addEventListener('message', listener)
    return () => navigator.serviceWorker.removeEventListener('message', listener)
  }, [enabled])
}
