/**
 * Work a request leaves for after its response (a push, a realtime publish) reaches that request's `waitUntil` as an
 * argument, never through an async context (docs/decisions/0017-request-context.md). workerd holds an async context's
 * value through a strong handle, and a Response keeps the context it was made in: with the request's Hono context as
 * that value (Hono's context storage), the context, its request and its response held one another from a root, and
 * the isolate kept every request it served (docs/performance.md#heap-after-gc).
 */

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { AsyncLocalStorage } from 'node:async_hooks'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import app from '../src/index'
import { assertContract } from './contract'
import { createUser, readTopicAndType, type TestUser, uniqueIp } from './helpers'

const LOT = '17240584'

type Served = { status: number; queued: number; asyncContextValues: string[] }

/** What kind of value entered an async context (a failure names it rather than printing the request's bindings). */
const kindOf = (value: unknown) =>
  value === null || typeof value !== 'object' ? typeof value : (value.constructor?.name ?? 'Object')

/**
 * Serves one request through the gateway with an execution context that counts what is queued in its `waitUntil`,
 * and records the kind of every value entered into an async context (`run`, `enterWith`) while it is served.
 */
async function serve(path: string, options: { body?: unknown; token?: string } = {}): Promise<Served> {
  const headers = new Headers({ 'Accept-Language': 'en', 'CF-Connecting-IP': uniqueIp() })
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.body !== undefined) headers.set('Content-Type', 'application/json')
  const request = new Request(`http://gateway.test${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const ctx = createExecutionContext()
  let queued = 0
  const counting = Object.assign(Object.create(ctx) as ExecutionContext, {
    waitUntil(task: Promise<unknown>) {
      queued++
      ctx.waitUntil(task)
    },
  })
  const storage = AsyncLocalStorage.prototype
  const { run, enterWith } = storage
  const asyncContextValues: string[] = []
  storage.run = function <R>(
    this: AsyncLocalStorage<unknown>,
    store: unknown,
    callback: (...args: unknown[]) => R,
    ...args: unknown[]
  ) {
    asyncContextValues.push(kindOf(store))
    return run.call(this, store, callback, ...args) as R
  }
  storage.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown) {
    asyncContextValues.push(kindOf(store))
    return enterWith.call(this, store)
  }
  try {
    const res = await app.fetch(request, env, counting)
    const answer = JSON.parse(new TextDecoder().decode(await res.arrayBuffer())) as unknown
    assertContract(request.method, request.url, res.status, answer)
    await waitOnExecutionContext(ctx)
    return { status: res.status, queued, asyncContextValues }
  } finally {
    storage.run = run
    storage.enterWith = enterWith
  }
}

describe('a request and the work it leaves for after its response', () => {
  let user: TestUser
  let appeal: { topic_id: number; type_id: number; region_id: number; text: string }

  beforeAll(async () => {
    await seedAll(env)
    user = await createUser()
    const ids = await readTopicAndType()
    appeal = {
      topic_id: ids.topicId,
      type_id: ids.typeId,
      region_id: 1718,
      text: 'The road to the industrial zone needs repair before the season.',
    }
  })

  it('queues a new notification’s realtime hint, and a lot change’s two publishes, in the waitUntil of the request that made them', async () => {
    const created = await serve('/siw/appeal', { token: user.token, body: appeal })
    expect([created.status, created.queued]).toEqual([200, 1])
    const changed = await serve('/dev/lot', { body: { lot_number: LOT, price: 2_000_000_000 } })
    expect([changed.status, changed.queued]).toEqual([200, 2])
    const read = await serve('/siw/public/appeal-topic')
    expect([read.status, read.queued]).toEqual([200, 0])
  })

  it('serves reads, writes that notify and publish, and errors without putting the request into an async context', async () => {
    const served = [
      await serve('/siw/public/appeal-topic'),
      await serve('/siw/appeal', { token: user.token, body: appeal }),
      await serve('/dev/lot', { body: { lot_number: LOT, price: 2_100_000_000 } }),
      await serve('/siw/public/no-such-call'),
    ]
    expect(served.map((s) => s.status)).toEqual([200, 200, 200, 404])
    expect(served.flatMap((s) => s.asyncContextValues)).toEqual([])
  })
})
