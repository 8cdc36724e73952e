/** The browser's gateway client: components' own calls (mutations, revalidation) and the payload store's fetches. */
import { useMemo } from 'react'
import type { Envelope } from '../../contract/gateway/common'
import type { Locale } from '../../contract/locales'
import {
  CSRF_HEADER,
  CSRF_MARKER,
  createGatewayClient,
  type GatewayClient,
  type GatewayResult,
} from '../../shared/gateway/gateway-client'
import type { Translate } from '../../shared/i18n/i18n'
import type { PayloadFetcher } from './data'
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

/**
 * The envelope of an accepted answer, for SWR and the payload store, which learn of a failure only by a rejection: the
 * failure itself is thrown, with its status and code (docs/architecture.md#rule-7).
 */
export async function envelopeOrThrow<T>(answer: Promise<GatewayResult<T>>): Promise<Envelope<T>> {
  const settled = await answer
  if (!settled.ok) throw settled
  return settled.envelope
}

/** The payload store's fetcher in the browser, installed by the entry once a key the edge did not load is read. */
export function payloadFetcher(locale: Locale, t: Translate): PayloadFetcher {
  const client = browserGatewayClient(locale, t)
  return (key) => envelopeOrThrow(client.getEnvelope(key))
}
