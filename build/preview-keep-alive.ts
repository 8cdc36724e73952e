import type { Server } from 'node:http'
import type { Plugin } from 'vite'

/**
 * `vite preview` keeps an idle connection for 30 s, not Node's 5 (docs/operations.md#local-servers). Clients that
 * pool connections and ignore the server's `Keep-Alive: timeout` hint (Playwright's request context, Node's agent
 * without a timeout of its own) can send a request on a connection just as the server closes it, and the request fails
 * with a reset the server never read. Browsers send such a request again themselves; the tests' clients did not.
 */
export function previewKeepAlive(): Plugin {
  return {
    name: 'invest-portal:preview-keep-alive',
    configurePreviewServer(server) {
      const http = server.httpServer as Server
      http.keepAliveTimeout = 30_000
    },
  }
}
