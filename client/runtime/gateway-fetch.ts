/**
 * The browser's transport for `/gateway` calls. Signing out holds new requests and lets those in flight settle before
 * the token is revoked: a notification poll or a revalidation would otherwise come back 401 on a page that is already
 * signing out.
 */
import { isPublicUrl } from '../../shared/keys/api-keys'

const inflight = new Set<Promise<Response>>()
let holding = false
const rejectionListeners = new Set<() => void>()

/**
 * Calls `listener` whenever the gateway refuses this browser's token (a 401 on a personal call outside sign-in
 * itself); answers the function that stops listening.
 */
export function onTokenRejected(listener: () => void): () => void {
  rejectionListeners.add(listener)
  return () => rejectionListeners.delete(listener)
}

function isTokenRejection(url: string, response: Response): boolean {
  return response.status === 401 && !isPublicUrl(url) && !url.includes('/core/auth/')
}

export function gatewayFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // A personal request while the session ends is refused without going out (URLs with `public` carry no token,
  // docs/product.md#guards, and pass): the gateway client reports it as a network error, which shows no toast.
  if (holding && !isPublicUrl(String(input instanceof Request ? input.url : input))) {
    return Promise.reject(new DOMException('Signing out', 'AbortError'))
  }
  const url = String(input instanceof Request ? input.url : input)
  const request = window.fetch(input, init)
  inflight.add(request)
  request.then(
    (response) => {
      inflight.delete(request)
      if (isTokenRejection(url, response)) for (const listener of rejectionListeners) listener()
    },
    () => inflight.delete(request),
  )
  return request
}

/** While on, new personal gateway requests are refused (the session is ending). */
export function holdGatewayRequests(on: boolean) {
  holding = on
}

/** Resolves when every gateway request in flight has answered, or after `limitMs`. */
export function settleGatewayRequests(limitMs: number): Promise<unknown> {
  return Promise.race([Promise.allSettled(inflight), new Promise((resolve) => setTimeout(resolve, limitMs))])
}
