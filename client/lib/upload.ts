/** Multipart uploads through the `/gateway` proxy with progress (fetch has no upload progress; XMLHttpRequest does). */

import type { Envelope } from '../../contract/gateway/common'
import type { Locale } from '../../contract/locales'
import { GATEWAY_BASE } from '../../shared/constants'
import { CSRF_HEADER, CSRF_MARKER, GatewayError, isOkCode } from '../../shared/gateway-client'

export type UploadOptions = {
  locale: Locale
  /** 0..100 as the request body is sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * POSTs `data` to `/gateway{path}`; resolves with the envelope, rejects with a `GatewayError` like the gateway client.
 */
export function uploadWithProgress<T = unknown>(
  path: string,
  data: FormData,
  options: UploadOptions,
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
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
        resolve(envelope)
      } else {
        reject(
          new GatewayError(
            xhr.status,
            code ?? `http_${xhr.status}`,
            envelope?.result?.description ?? '',
            envelope ?? undefined,
          ),
        )
      }
    }
    xhr.onerror = () => reject(new GatewayError(0, 'network_error', 'upload failed'))
    xhr.onabort = () => reject(new GatewayError(0, 'aborted', 'upload aborted'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(data)
  })
}
