/** The gateway client for components' own calls (mutations, revalidation): same rules as the entry's SWR fetcher. */
import { useMemo } from 'react'
import type { Locale } from '../../contract/locales'
import { CSRF_HEADER, CSRF_MARKER, createGatewayClient, type GatewayClient } from '../../shared/gateway-client'
import type { Translate } from '../../shared/i18n'
import { gatewayFetch } from './gateway-fetch'
import { useLocale, useT } from './i18n'
import { createNotifier } from './notify'

/**
 * A client for `/gateway` in the page's language. Failures toast as docs/product.md#errors says, unless `quiet` (forms
 * that show
 * their errors next to the fields).
 */
export function useGateway(options: { quiet?: boolean } = {}): GatewayClient {
  const locale = useLocale()
  const t = useT()
  const quiet = options.quiet ?? false
  return useMemo(() => browserGatewayClient(locale, quiet ? undefined : t), [locale, t, quiet])
}

/** The browser's client for `/gateway`: failures toast in the page's language when `t` is given. */
export function browserGatewayClient(locale: Locale, t?: Translate): GatewayClient {
  return createGatewayClient({
    fetch: gatewayFetch,
    locale,
    headers: { [CSRF_HEADER]: CSRF_MARKER },
    notify: t ? createNotifier(t) : undefined,
  })
}
