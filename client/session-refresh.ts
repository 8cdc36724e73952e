/** After a sign-in through `fetch`, the page's session learns the new profile before it navigates (guards need it). */
import { useCallback } from 'react'
import { flushSync } from 'react-dom'
import type { Profile } from '../shared/guards'
import { useLocale } from './i18n'
import { useSession } from './session'

/** Reads the profile with the fresh HttpOnly cookie and stores it in the session; false when that failed. */
export function useLoadSession(): () => Promise<boolean> {
  const session = useSession()
  const locale = useLocale()
  return useCallback(async () => {
    try {
      // The gateway client's code comes with the sign-in that needs it.
      const gateway = (await import('./gateway')).browserGatewayClient(locale)
      const envelope = await gateway.getEnvelope<Profile>('/core/profile')
      if (!envelope.content) return false
      // Rendered at once, so the router's guard check on the next navigation sees the signed-in session.
      flushSync(() => session.setProfile(envelope.content, true))
      return true
    } catch {
      return false
    }
  }, [locale, session])
}
