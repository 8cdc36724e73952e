/** After a sign-in through `fetch`, the page's session learns the new profile before it navigates (guards need it). */
import { useCallback } from 'react'
import { flushSync } from 'react-dom'
import type { Profile } from '../../../contract/gateway/account'
import { apiKey } from '../../../shared/keys/api-keys'
import { useLocale } from '../../runtime/i18n'
import { useSession } from '../../runtime/session'

/**
 * `accountKeys.profile()`, built here: sign-in's first view loads the shell (with `apiKey`) but not the profile area's
 * keys.
 */
const PROFILE_KEY = apiKey<Profile>('/core/profile')

/** Reads the profile with the fresh HttpOnly cookie and stores it in the session; false when that failed. */
export function useLoadSession(): () => Promise<boolean> {
  const session = useSession()
  const locale = useLocale()
  return useCallback(async () => {
    try {
      // The gateway client's code comes with the sign-in that needs it.
      const gateway = (await import('../../runtime/gateway')).browserGatewayClient(locale)
      const answer = await gateway.getEnvelope(PROFILE_KEY)
      const profile = answer.ok ? answer.envelope.content : null
      if (!profile) return false
      // Rendered at once, so the router's guard check on the next navigation sees the signed-in session.
      flushSync(() => session.setProfile(profile, true))
      return true
    } catch {
      // The client's code did not load.
      return false
    }
  }, [locale, session])
}
