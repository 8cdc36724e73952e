/**
 * The one gateway client (docs/product.md#transport): base path, JSON, Accept-Language, bearer rules, retry, envelope
 * check.
 */

import type { Envelope } from '../contract/gateway/common'
import type { Locale } from '../contract/locales'
import type { Key, Query } from './api-keys'
import { apiKey, isPublicUrl } from './api-keys'
import { GATEWAY_BASE, IDEMPOTENT_METHODS, RETRY_STATUSES, SILENT_RESULT_CODES } from './constants'

/** A rejected call: `status` is the HTTP status (0 for a network failure), `code` the envelope's result code. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly envelope?: Envelope,
  ) {
    super(description || code || `HTTP ${status}`)
    this.name = 'GatewayError'
  }
}

/** How a failure is told to the user: a translation key or raw text. Only the browser passes a notifier. */
export type Notice = { translate: true; key: string } | { translate: false; text: string }
type Notify = (notice: Notice) => void

export type GatewayClientOptions = {
  fetch: typeof fetch
  locale: Locale
  /** Absolute origin on the server (or '' in the browser). */
  origin?: string
  base?: string
  /** Server only: the token to send as bearer (the browser's cookie is HttpOnly; the edge adds it). */
  token?: string | null
  notify?: Notify
  /** Extra headers on every call (e.g. the CSRF marker in the browser). */
  headers?: Record<string, string>
}

type RequestOptions = {
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

export type GatewayClient = {
  request<T>(method: string, path: string, opts?: RequestOptions): Promise<Envelope<T>>
  /** GET by key (a path with its query, as built by `apiKey`) and return the whole envelope. */
  getEnvelope<T>(key: Key<T>, signal?: AbortSignal): Promise<Envelope<T>>
}

export { CSRF_HEADER, CSRF_MARKER } from './csrf'

/** Bearer from the token unless one is set already or the URL is public (docs/product.md#bearer). */
function shouldSendBearer(url: string, headers: Headers): boolean {
  return !headers.has('authorization') && !isPublicUrl(url)
}

export function isOkCode(code: unknown): boolean {
  return typeof code === 'string' && code.toLowerCase() === 'ok'
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const base = (options.origin ?? '') + (options.base ?? GATEWAY_BASE)

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
    const upper = method.toUpperCase()
    const url = base + apiKey(path, opts.query)
    const headers = new Headers({
      accept: 'application/json',
      'accept-language': options.locale,
      ...options.headers,
      ...opts.headers,
    })
    let body: BodyInit | undefined
    if (opts.body instanceof FormData) body = opts.body
    else if (opts.body !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(opts.body)
    }
    if (options.token && shouldSendBearer(url, headers)) headers.set('authorization', `Bearer ${options.token}`)

    const attempts = IDEMPOTENT_METHODS.has(upper) ? 2 : 1
    let response: Response | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        response = await options.fetch(url, {
          method: upper,
          headers,
          body,
          credentials: 'include',
          signal: opts.signal,
        })
      } catch (err) {
        if (attempt < attempts && !opts.signal?.aborted) continue
        throw new GatewayError(0, 'network_error', err instanceof Error ? err.message : String(err))
      }
      if (!(attempt < attempts && RETRY_STATUSES.has(response.status))) break
      await response.body?.cancel()
    }
    const res = response!
    const envelope = await readEnvelope<T>(res)
    if (!res.ok) {
      if (res.status === 401) options.notify?.({ translate: true, key: 'messages.error.unauthorized' })
      else if (res.status === 403) options.notify?.({ translate: true, key: 'messages.error.forbidden' })
      throw new GatewayError(
        res.status,
        envelope?.result?.code ?? `http_${res.status}`,
        envelope?.result?.description ?? res.statusText,
        envelope ?? undefined,
      )
    }
    if (!envelope || !isOkCode(envelope.result?.code)) {
      const code = envelope?.result?.code ?? 'malformed_response'
      const description = envelope?.result?.description ?? ''
      if (!SILENT_RESULT_CODES.has(code)) {
        if (description.includes('_')) options.notify?.({ translate: true, key: `messages.error.${description}` })
        else if (description) options.notify?.({ translate: false, text: description })
      }
      throw new GatewayError(res.status, code, description, envelope ?? undefined)
    }
    return envelope
  }

  return {
    request,
    getEnvelope: <T>(key: Key<T>, signal?: AbortSignal) => request<T>('GET', key, { signal }),
  }
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  const text = await res.text()
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Envelope<T>
    return parsed && typeof parsed === 'object' && parsed.result && typeof parsed.result === 'object' ? parsed : null
  } catch {
    return null
  }
}
