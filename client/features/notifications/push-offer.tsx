/**
 * Push in this browser (docs/product.md#realtime, docs/product.md#notification-choices): the bell's panel loads it when
 * it first opens, the profile's Notifications page beside the choices. Shown only when the public config has Firebase
 * and a VAPID key. Permission is asked only from its button (a user gesture, never on load); push that is on can be
 * turned off (the gateway forgets the device, the browser deletes its token). The choice and its result (on, off,
 * blocked by the browser, failed, unsupported) are said in the user's language. Firebase itself is imported only to
 * turn push on or off, or to refresh the token of a user who turned it on before.
 */
import { useCallback, useEffect, useState } from 'react'
import type { Profile } from '../../../contract/gateway/account'
import { useConfig } from '../../runtime/config'
import { useGateway } from '../../runtime/gateway'
import { useT } from '../../runtime/i18n'
import { useSession } from '../../runtime/session'
import { Icon } from '../../ui/icon'

type PushState = 'checking' | 'unsupported' | 'off' | 'busy' | 'on' | 'denied' | 'failed' | 'turned-off'

/** What a browser needs for web push at all; Firebase checks the rest when push is turned on. */
function isPushCapable(): boolean {
  return typeof Notification !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window
}

/**
 * Remembers, per account, that its user turned push on in this browser: the browser's permission outlives the session,
 * and the next person signing in here must choose for themselves rather than inherit it.
 */
function choiceKey(profile: Profile | null): string | null {
  const own = profile?.role ? profile[profile.role] : undefined
  return profile?.role && own?.id != null ? `invest-portal:push:${profile.role}:${String(own.id)}` : null
}

function readChoice(key: string | null): boolean {
  try {
    return key !== null && localStorage.getItem(key) === 'on'
  } catch {
    return false
  }
}

function saveChoice(key: string | null): void {
  try {
    if (key) localStorage.setItem(key, 'on')
  } catch {
    // Storage refused (private mode): push stays on; the offer shows again on a later visit.
  }
}

function forgetChoice(key: string | null): void {
  try {
    if (key) localStorage.removeItem(key)
  } catch {
    // Storage refused: nothing was remembered either.
  }
}

export function PushOffer() {
  const config = useConfig()
  const t = useT()
  const session = useSession()
  const gateway = useGateway({ quiet: true })
  const [state, setState] = useState<PushState>('checking')
  const key = choiceKey(session.profile)
  const { firebase, vapidKey } = config

  const turnOn = useCallback(async () => {
    const { registerPush } = await import('./firebase-client')
    return registerPush({
      config: firebase!,
      vapidKey: vapidKey!,
      register: (token) => gateway.request('POST', '/core/profile/fcm-token', { query: { fcm_token: token } }),
    })
  }, [firebase, vapidKey, gateway])

  useEffect(() => {
    let cancelled = false
    const settle = (next: PushState) => {
      if (!cancelled) setState(next)
    }
    if (!isPushCapable()) settle('unsupported')
    else if (Notification.permission === 'denied') settle('denied')
    else if (Notification.permission !== 'granted' || !readChoice(key)) settle('off')
    else {
      // On since an earlier visit: the token is handed over again, since it may have changed, and so may the language
      // its pushes should be written in. A failure here leaves the earlier registration in place.
      settle('on')
      turnOn().then(
        (result) => {
          if (result !== 'failed') settle(result)
        },
        () => undefined,
      )
    }
    return () => {
      cancelled = true
    }
  }, [key, turnOn])

  const disable = async () => {
    setState('busy')
    try {
      const { unregisterPush } = await import('./firebase-client')
      const result = await unregisterPush({
        config: firebase!,
        vapidKey: vapidKey!,
        forget: (token) =>
          gateway.request('DELETE', '/core/profile/fcm-token', { query: token ? { fcm_token: token } : {} }),
      })
      if (result === 'off') forgetChoice(key)
      setState(result === 'off' ? 'turned-off' : 'failed')
    } catch {
      setState('failed')
    }
  }

  const enable = async () => {
    setState('busy')
    // Asked here, inside the click: browsers show the prompt only for a user gesture.
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off')
    try {
      const result = await turnOn()
      if (result === 'on') saveChoice(key)
      setState(result)
    } catch {
      setState('failed')
    }
  }

  if (!firebase || !vapidKey || state === 'checking') return null
  const status = {
    on: 'notifications.pushOn',
    denied: 'notifications.pushDenied',
    failed: 'notifications.pushFailed',
    unsupported: 'notifications.pushUnsupported',
    'turned-off': 'notificationsPrefs.device.off',
  } as const
  return (
    <div className="notification-bell__push">
      {state === 'on' ? (
        <button type="button" className="btn btn--ghost btn--sm btn--primary" onClick={() => void disable()}>
          <Icon name="bell" />
          {t('notificationsPrefs.device.turnOff')}
        </button>
      ) : null}
      {state === 'off' || state === 'failed' || state === 'busy' || state === 'turned-off' ? (
        <button
          type="button"
          className="btn btn--outline btn--sm btn--primary"
          aria-busy={state === 'busy' || undefined}
          onClick={() => void enable()}
        >
          <Icon name="bell" />
          {t('notifications.push')}
        </button>
      ) : null}
      <p role="status" className="notification-bell__push-status">
        {state in status ? t(status[state as keyof typeof status]) : ''}
      </p>
    </div>
  )
}
