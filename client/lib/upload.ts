/** Multipart uploads through the `/gateway` proxy with progress (fetch has no upload progress; XMLHttpRequest does). */

import type { Envelope } from '../../contract/gateway/common'
import type { Locale } from '../../contract/locales'
import { GATEWAY_BASE } from '../../shared/constants'
import { CSRF_HEADER, CSRF_MARKER, type GatewayResult, isOkCode } from '../../shared/gateway/gateway-client'

export type UploadOptions = {
  locale: Locale
  /** 0..100 as the request body is sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * POSTs `data` to `/gateway{path}`; answers the envelope, or the failure, as the gateway client does
 * (docs/architecture.md#rule-7).
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  data: FormData,
  options: UploadOptions,
): Promise<GatewayResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', GATEWAY_BASE + path)
    // The proxy accepts writes from our pages only: same origin plus this marker (a cross-site form cannot send it).
    xhr.setRequestHeader(CSRF_HEADER, CSRF_MARKER)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('accept-language', options.locale)
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.onload = () => {
      let envelope: Envelope<T> | null = null
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>
      } catch {
        envelope = null
      }
      const code = envelope?.result?.code
      if (xhr.status >= 200 && xhr.status < 300 && envelope && isOkCode(code)) {
        options.onProgress?.(100)
        resolve({ ok: true, envelope })
      } else {
        resolve({ ok: false, status: xhr.status, code: code ?? `http_${xhr.status}`, errors: envelope?.errors ?? [] })
      }
    }
    xhr.onerror = () => resolve({ ok: false, status: 0, code: 'network_error', errors: [] })
    xhr.onabort = () => resolve({ ok: false, status: 0, code: 'aborted', errors: [] })
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(data)
  })
}
