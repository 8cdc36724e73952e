/**
 * The one part of Node's crypto the worker tests use, which workerd provides under `nodejs_compat` (on by default at
 * the configured compatibility date): a synchronous SHA-256 for cookie values a test writes by hand. The worker tests
 * see Workers types only, so Node's own declarations are not loaded.
 */
declare module 'node:crypto' {
  export function createHash(algorithm: 'sha256'): { update(data: string): { digest(encoding: 'base64url'): string } }
}
