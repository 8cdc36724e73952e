/** The gateway client for components' own calls (mutations, revalidation): same rules as the entry's SWR fetcher. */
import { useMemo } from 'react'
import { createGatewayClient, CSRF_HEADER, CSRF_MARKER, type GatewayClient } from '../shared/gateway-client'
import { gatewayFetch } from './gateway-fetch'
import { useLocale, useT } from './i18n'
import { createNotifier } from './notify'

/**
 * A client for `/gateway` in the page's language. Failures toast as SPEC §8 says, unless `quiet` (forms that show
 * their errors next to the fields).
 */
export function useGateway(options: { quiet?: boolean } = {}): GatewayClient {
  const locale = useLocale()
  const t = useT()
  const quiet = options.quiet ?? false
  return useMemo(
    () =>
      createGatewayClient({
        fetch: gatewayFetch,
        locale,
        headers: { [CSRF_HEADER]: CSRF_MARKER },
        notify: quiet ? undefined : createNotifier(t),
      }),
    [locale, t, quiet],
  )
}
