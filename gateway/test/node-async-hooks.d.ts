/**
 * The part of the runtime's `node:async_hooks` that gateway/test/request-context.test.ts watches; the gateway's types
 * leave Node's out.
 */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R
    enterWith(store: T): void
    getStore(): T | undefined
  }
}
