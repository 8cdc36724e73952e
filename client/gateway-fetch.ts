/**
 * The browser's transport for `/gateway` calls. It remembers the requests in flight, so signing out can let them
 * settle before the token is revoked: a notification poll that started a moment earlier would otherwise come back
 * 401 on a page that is already signing out.
 */
const inflight = new Set<Promise<unknown>>()

export function gatewayFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = window.fetch(input, init)
  const settled = request.then(
    (res) => res,
    () => undefined,
  )
  inflight.add(settled)
  void settled.then(() => inflight.delete(settled))
  return request
}

/** Resolves when every gateway request in flight has answered, or after `limitMs`. */
export function settleGatewayRequests(limitMs: number): Promise<void> {
  if (inflight.size === 0) return Promise.resolve()
  return Promise.race([Promise.allSettled([...inflight]).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, limitMs))])
}
