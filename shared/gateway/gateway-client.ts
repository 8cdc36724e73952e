/**
 * The one gateway client (docs/product.md#transport): base path, JSON, Accept-Language, bearer rules, retry, envelope
 * check. Failures are values, never exceptions (docs/architecture.md#rule-7).
 */

import type { Envelope } from '../../contract/gateway/common'
import type { Locale } from '../../contract/locales'
import { GATEWAY_BASE, IDEMPOTENT_METHODS, RETRY_STATUSES, SILENT_RESULT_CODES } from '../constants'
import type { Key, Query } from '../keys/api-keys'
import { apiKey, isPublicUrl } from '../keys/api-keys'

/**
 * A call's outcome: the envelope of an accepted answer, or why there is none. A failure's `status` is the HTTP status,
 * or 0 when no answer came (`network_error`; `timeout` or `aborted` when the caller's signal ended the call); its `code`
 * is the envelope's result code, else `http_{status}` for a failing status, or `malformed_response` for a success
 * status without an envelope; `errors` are the fields the envelope names.
 */
export type GatewayResult<T> = { ok: true; envelope: Envelope<T> } | GatewayFailure
export type GatewayFailure = { ok: false; status: number; code: string; errors: string[] }

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
  request<T>(method: string, path: string, opts?: RequestOptions): Promise<GatewayResult<T>>
  /** GET by key (a path with its query, as built by `apiKey`). */
  getEnvelope<T>(key: Key<T>, signal?: AbortSignal): Promise<GatewayResult<T>>
}

export { CSRF_HEADER, CSRF_MARKER } from './csrf'

/** Bearer from the token unless one is set already or the URL is public (docs/product.md#bearer). */
function shouldSendBearer(url: string, headers: Headers): boolean {
  return !headers.has('authorization') && !isPublicUrl(url)
}

export function isOkCode(code: unknown): boolean {
  return typeof code === 'string' && code.toLowerCase() === 'ok'
}

/** The failure of an answer that is not an accepted envelope (`envelope` is null when the body was none). */
function failureOf(status: number, envelope: Envelope | null): GatewayFailure {
  const code = envelope?.result.code ?? (status >= 200 && status < 300 ? 'malformed_response' : `http_${status}`)
  return { ok: false, status, code, errors: envelope?.errors ?? [] }
}

/** No answer: the caller's signal ended the call, or the network failed. */
function noAnswer(signal: AbortSignal | undefined): GatewayFailure {
  if (!signal?.aborted) return { ok: false, status: 0, code: 'network_error', errors: [] }
  const timedOut = signal.reason instanceof Error && signal.reason.name === 'TimeoutError'
  return { ok: false, status: 0, code: timedOut ? 'timeout' : 'aborted', errors: [] }
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const base = (options.origin ?? '') + (options.base ?? GATEWAY_BASE)

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<GatewayResult<T>> {
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
      } catch {
        if (attempt < attempts && !opts.signal?.aborted) continue
        return noAnswer(opts.signal)
      }
      if (!(attempt < attempts && RETRY_STATUSES.has(response.status))) break
      await response.body?.cancel()
    }
    const res = response!
    let text: string
    try {
      text = await res.text()
    } catch {
      return noAnswer(opts.signal)
    }
    const envelope = parseEnvelope<T>(text)
    if (!res.ok) {
      if (res.status === 401) options.notify?.({ translate: true, key: 'messages.error.unauthorized' })
      else if (res.status === 403) options.notify?.({ translate: true, key: 'messages.error.forbidden' })
      return failureOf(res.status, envelope)
    }
    if (!envelope || !isOkCode(envelope.result.code)) {
      const failure = failureOf(res.status, envelope)
      const description = envelope?.result.description ?? ''
      if (!SILENT_RESULT_CODES.has(failure.code)) {
        if (description.includes('_')) options.notify?.({ translate: true, key: `messages.error.${description}` })
        else if (description) options.notify?.({ translate: false, text: description })
      }
      return failure
    }
    return { ok: true, envelope }
  }

  return {
    request,
    getEnvelope: <T>(key: Key<T>, signal?: AbortSignal) => request<T>('GET', key, { signal }),
  }
}

/** The envelope in an answer's body, or null when the body is none (empty, not JSON, no `result` object). */
function parseEnvelope<T>(text: string): Envelope<T> | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Envelope<T>
    return parsed && typeof parsed === 'object' && parsed.result && typeof parsed.result === 'object' ? parsed : null
  } catch {
    return null
  }
}
