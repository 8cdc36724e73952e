/**
 * Publishing from a worker test as an editor does from the console: the gateway's operator calls, with a token the
 * stand-in Access issuer signs (vitest.config.ts gives the worker projects' gateway its settings).
 */
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { LOCALES } from '../../contract/locales'
import { VERSION_RECORD_KEY } from '../../worker/payloads/content-version'

declare global {
  namespace Cloudflare {
    interface Env {
      /** The stand-in Access issuer the gateway trusts in these tests (vitest.config.ts). */
      TEST_ACCESS_ISSUER: string
      TEST_ACCESS_AUD: string
    }
  }
}

const EDITOR = 'publishing-editor@agency.example'

/** Makes the test editor an operator and returns an Access token naming them. */
export async function signInEditor(): Promise<string> {
  await env.GATEWAY_DB.prepare(
    `INSERT INTO operators (email, name, role, created_at) VALUES (?, 'Editor', 'editor', ?)
     ON CONFLICT (email) DO UPDATE SET role = 'editor', removed_at = NULL`,
  )
    .bind(EDITOR, new Date().toISOString())
    .run()
  const res = await fetch(`${env.TEST_ACCESS_ISSUER}/__sign`, {
    method: 'POST',
    body: JSON.stringify({ claims: { aud: [env.TEST_ACCESS_AUD], email: EDITOR } }),
  })
  return ((await res.json()) as { token: string }).token
}

/** An editor's call to the gateway's publishing API (docs/gateway-contract.md#operator-content). */
export async function editorCall(token: string, path: string, body?: unknown, method = body ? 'POST' : 'GET') {
  const res = await env.GATEWAY.fetch(`http://gateway.internal/core/operator/content${path}`, {
    method,
    headers: { 'Cf-Access-Jwt-Assertion': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { content: any } }
}

/** The content version the gateway holds now (docs/gateway-contract.md#content-version). */
export async function gatewayVersion(): Promise<number> {
  const res = await env.GATEWAY.fetch('http://gateway.internal/core/content/version')
  return ((await res.json()) as { content: { version: number } }).content.version
}

/**
 * Waits until the portal holds the version the gateway pushed after an editor's change: the gateway pushes after its
 * answer, and the portal's shared record then carries it (docs/decisions/0042-content-version-off-the-path.md).
 */
export async function untilPushed(): Promise<void> {
  const version = await gatewayVersion()
  await expect
    .poll(async () => (await env.PAYLOADS.get<{ version: number }>(VERSION_RECORD_KEY, 'json'))?.version, {
      timeout: 5000,
    })
    .toBe(version)
}

/** A draft news item whose title in each language is `{mark} {lang}`, dated first in every list; its id. */
export async function createNewsDraft(token: string, mark: string): Promise<number> {
  const values = {
    category: 'news',
    publish_date: '2099-01-01',
    ...Object.fromEntries(
      LOCALES.flatMap((l) => [
        [`title_${l}`, `${mark} ${l}`],
        [`content_${l}`, `<p>${mark}</p>`],
      ]),
    ),
  }
  const { status, body } = await editorCall(token, '/post', { values })
  expect(status).toBe(201)
  return body.content.id
}

/** Removes test posts and sets the content version back to its first value: other test files share the database. */
export async function cleanUpPublishing(ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    await env.GATEWAY_DB.batch([
      env.GATEWAY_DB.prepare('DELETE FROM search_index WHERE kind = ? AND ref_id = ?').bind('posts', id),
      env.GATEWAY_DB.prepare('DELETE FROM posts WHERE id = ?').bind(id),
    ])
  }
  await env.GATEWAY_DB.prepare('DELETE FROM content_state').run()
}

/** A word no seeded text has, so a page shows it only when this test's item is there. */
export const uniqueMark = () =>
  `Qorakol${crypto
    .randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}`
