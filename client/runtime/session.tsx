/**
 * The session store (docs/product.md#session): profile, loaded, loading, loggedIn; clearing empties it and goes home.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import type { Profile } from '../../contract/gateway/account'
import { CSRF_HEADER, CSRF_MARKER } from '../../shared/gateway/csrf'
import type { SessionState } from '../../shared/state/state'
import { holdGatewayRequests, settleGatewayRequests } from './gateway-fetch'
import { useUnrepeatable } from './static-section-context'

/** How long signing out waits for gateway requests already in flight. */
const SIGN_OUT_SETTLE_MS = 2000

export type Session = Readonly<{
  hasToken: boolean
  profile: Profile | null
  /** The token is kept but the upstream could not give its profile (docs/product.md#session). */
  unavailable: boolean
  loaded: boolean
  loading: boolean
  loggedIn: boolean
  /** Removes the HttpOnly token through the edge, empties the profile and navigates to the home route. */
  clear: () => Promise<void>
  setProfile: (profile: Profile | null, hasToken: boolean) => void
}>

const SessionContext = createContext<Session | null>(null)

export function SessionProvider({
  initial,
  onCleared,
  children,
}: {
  initial: SessionState
  onCleared: () => Promise<void>
  children: ReactNode
}) {
  const [state, setState] = useState(initial)
  const [loading, setLoading] = useState(false)
  const clear = useCallback(async () => {
    setLoading(true)
    // Until the home page shows, new personal gateway requests (a poll, a revalidation of the page being left) are
    // refused quietly; those already sent with the token answer first, and only then is it revoked.
    holdGatewayRequests(true)
    try {
      await settleGatewayRequests(SIGN_OUT_SETTLE_MS)
      await fetch('/_app/session', { method: 'DELETE', headers: { [CSRF_HEADER]: CSRF_MARKER } })
    } finally {
      setState({ hasToken: false, profile: null })
      setLoading(false)
      await onCleared().finally(() => holdGatewayRequests(false))
    }
  }, [onCleared])
  const setProfile = useCallback((profile: Profile | null, hasToken: boolean) => setState({ profile, hasToken }), [])
  const value = useMemo<Session>(
    () => ({
      ...state,
      unavailable: state.unavailable === true,
      loaded: true,
      loading,
      loggedIn: state.profile !== null,
      clear,
      setProfile,
    }),
    [state, loading, clear, setProfile],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const value = useContext(SessionContext)
  // The visitor's own: a static section that reads it is not repeated to others from the edge's memory.
  useUnrepeatable('session')
  if (!value) throw new Error('useSession() outside <SessionProvider>')
  return value
}
