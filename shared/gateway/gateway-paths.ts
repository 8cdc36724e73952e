/**
 * The upstream's shape as the edge enforces it (docs/gateway-contract.md#transport): which paths the `/gateway` proxy
 * may forward and the upload sizes that bound bodies. Written once here; the proxy, the page actions and the forms read
 * it. The transport rules every call follows (bearer, CSRF marker) live with the one client, `gateway-client.ts`.
 */

/** Path prefixes of the contract. The proxy forwards nothing else (no `/dev/*`, no unknown roots). */
const UPSTREAM_PREFIXES = ['/core/', '/siw/', '/integration/', '/document/'] as const

/**
 * Prefixes inside the contract's that no browser may reach through the portal: the operators' API lives on its own
 * hostname behind Cloudflare Access (docs/security.md#operator-surface).
 */
const PRIVATE_PREFIXES = ['/core/operator'] as const

/** True when a canonical path below `/gateway` lies under one of the contract's prefixes and is not private. */
export function isUpstreamPath(path: string): boolean {
  const isPrivate = PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  return !isPrivate && UPSTREAM_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/**
 * Calls only the edge itself makes, never forwarded for a browser: the OneID code exchange belongs to `/sso`, which
 * checks the sign-in's nonce first (docs/security.md#sso-nonce).
 */
export const EDGE_ONLY_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [['POST', '/core/auth']]

const MB = 1024 * 1024

/** Upload limits of the contract, per file (docs/gateway-contract.md#uploads). */
export const UPLOAD_LIMITS = {
  /** A project's image. */
  projectImage: 10 * MB,
  /** One presentation per language. */
  presentation: 25 * MB,
  /** Each event-application document (passport scan, photo). */
  eventDocument: 10 * MB,
} as const

/** Room for the multipart framing and text fields around the files of one request. */
const MULTIPART_OVERHEAD = MB

/** Largest body a JSON call may send. */
export const JSON_BODY_LIMIT = MB

/**
 * Whole-body limits of the upload calls, derived from the per-file limits; every other call is bounded by
 * JSON_BODY_LIMIT.
 */
const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/document/project/upload': UPLOAD_LIMITS.projectImage + MULTIPART_OVERHEAD,
  '/document/project/presentation': 3 * UPLOAD_LIMITS.presentation + MULTIPART_OVERHEAD,
  '/document/public/event-application': 2 * UPLOAD_LIMITS.eventDocument + MULTIPART_OVERHEAD,
}

/** The body limit of a call to `path` below `/gateway`. */
export function bodyLimitFor(path: string): number {
  return UPLOAD_BODY_LIMITS[path] ?? JSON_BODY_LIMIT
}
