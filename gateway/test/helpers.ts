/**
 * Test helpers: calling the gateway (every answer checked against its contract, `contract.ts`), creating users and
 * tokens, and building upload bodies.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { issueToken } from '../src/areas/auth/tokens'
import { createAccount, type ProfileFields } from '../src/areas/profile/accounts'
import { seedReferences } from '../src/dev/seed/content'
import { seedCore } from '../src/dev/seed/core'
import { resetAll } from '../src/dev/seed/index'
import app from '../src/index'
import type { Role } from '../src/lib/context'
import { assertContract } from './contract'

export type Envelope<T = any> = {
  result: { code: string; description: string }
  content: T
  pageable?: { total: number; prev: number | null; next: number | null; current: number }
  errors?: string[]
}

export type CallOptions = {
  method?: string
  body?: unknown
  token?: string
  /** CF-Connecting-IP; '' sends none (as over the portal's service binding). Default: a random address. */
  ip?: string
  lang?: string
  headers?: Record<string, string>
  /** Runs the app against a modified env (config variations). */
  env?: Partial<Record<keyof Env, unknown>>
  /** Answer as soon as the response is ready, without waiting for the work it left in `waitUntil` (default: wait). */
  unsettled?: boolean
}

/**
 * Calls the gateway; JSON bodies are serialised, FormData/strings are sent as they are. A JSON answer that breaks its
 * contract (`contract.ts`) fails the call, naming the bad fields.
 */
export async function call<T = any>(
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; res: Response }> {
  const headers = new Headers(options.headers)
  headers.set('Accept-Language', options.lang ?? 'en')
  const ip = options.ip ?? uniqueIp()
  if (ip) headers.set('CF-Connecting-IP', ip)
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  let body: BodyInit | undefined
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers.set('Content-Type', 'application/json')
  }
  const request = new Request(`http://gateway.test${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  })
  // Work a handler leaves in `waitUntil` (a reset mail) is finished before the test goes on, unless asked otherwise.
  const ctx = createExecutionContext()
  const res = await app.fetch(request, (options.env ? { ...env, ...options.env } : env) as Env, ctx)
  if (!options.unsettled) await waitOnExecutionContext(ctx)
  const text = await res.clone().text()
  let parsed: Envelope<T>
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = { result: { code: 'not_json', description: text.slice(0, 200) }, content: null as T }
    return { status: res.status, body: parsed, res }
  }
  assertContract(request.method, request.url, res.status, parsed)
  return { status: res.status, body: parsed, res }
}

/** A random client address, so per-IP windows of different tests never meet. */
export function uniqueIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3))
  return `10.${a}.${b}.${c}`
}

/** A unique email address for a test user. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@test.example`
}

export type TestUser = { id: number; email: string; password: string | null; token: string; role: Role }

/** Creates a user (non-resident investor by default) and a live token for it. */
export async function createUser(
  options: {
    role?: Role
    password?: string | null
    isResident?: boolean
    pin?: string | null
    profile?: ProfileFields
  } = {},
): Promise<TestUser> {
  const email = uniqueEmail(options.role ?? 'investor')
  const role = options.role ?? 'investor'
  const password = options.password === undefined ? null : options.password
  const id = await createAccount(
    env.DB,
    {
      email,
      password,
      role,
      isResident: options.isResident ?? false,
      pin: options.pin ?? null,
      profile: options.profile,
    },
    new Date(),
  )
  return { id, email, password, role, token: await issueToken(env.DB, id, new Date()) }
}

let seeded: Promise<void> | null = null

/** Seeds the core tables once per test file (`freshDatabase` forgets it). */
export function ensureSeeded(): Promise<void> {
  seeded ??= seedCore(env, new Date())
  return seeded
}

/** Reads the id and first type of the first appeal topic. */
export async function readTopicAndType(): Promise<{ topicId: number; typeId: number; otherTypeId: number }> {
  const rows = await env.DB.prepare('SELECT id, parent_id FROM appeal_topics ORDER BY id').all<{
    id: number
    parent_id: number | null
  }>()
  const topic = rows.results.find((r) => r.parent_id === null)!
  const type = rows.results.find((r) => r.parent_id === topic.id)!
  const other = rows.results.find((r) => r.parent_id !== null && r.parent_id !== topic.id)!
  return { topicId: topic.id, typeId: type.id, otherTypeId: other.id }
}

/** Moderates through the dev seam. */
export function moderate(body: Record<string, unknown>) {
  return call('/dev/moderate', { method: 'POST', body })
}

const ascii = (s: string) => new TextEncoder().encode(s)

export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
])
export const JPEG_BYTES = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
])
export const PDF_BYTES = ascii('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A minimal stored (uncompressed) ZIP with the given entry names, enough for central-directory sniffing. */
export function makeZip(names: string[]): Uint8Array {
  const chunks: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const name of names) {
    const n = ascii(name)
    const data = ascii('<x/>')
    const local = new Uint8Array(30 + n.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(4, 20, true)
    lv.setUint32(18, data.length, true)
    lv.setUint32(22, data.length, true)
    lv.setUint16(26, n.length, true)
    local.set(n, 30)
    const cd = new Uint8Array(46 + n.length)
    const cv = new DataView(cd.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, 20, true)
    cv.setUint16(6, 20, true)
    cv.setUint32(20, data.length, true)
    cv.setUint32(24, data.length, true)
    cv.setUint16(28, n.length, true)
    cv.setUint32(42, offset, true)
    cd.set(n, 46)
    chunks.push(local, data)
    central.push(cd)
    offset += local.length + data.length
  }
  const cdSize = central.reduce((s, c) => s + c.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, names.length, true)
  ev.setUint16(10, names.length, true)
  ev.setUint32(12, cdSize, true)
  ev.setUint32(16, offset, true)
  const all = [...chunks, ...central, end]
  const out = new Uint8Array(all.reduce((s, c) => s + c.length, 0))
  let p = 0
  for (const c of all) {
    out.set(c, p)
    p += c.length
  }
  return out
}

export const PPTX_BYTES = makeZip([
  '[Content_Types].xml',
  '_rels/.rels',
  'ppt/presentation.xml',
  'ppt/slides/slide1.xml',
])
export const DOCX_BYTES = makeZip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])

/** Bytes of `size` starting with the signature (the rest zero), for size-limit tests. */
export function padBytes(signature: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size)
  out.set(signature)
  return out
}

/** A File part for multipart bodies. */
export function fileOf(bytes: Uint8Array, name: string, type = 'application/octet-stream'): File {
  return new File([bytes], name, { type })
}

/**
 * The database as a test file starts on (migrated, the reference records only): the files of a worker share its storage
 * (vitest.config.ts), so the setup (`setup.ts`) deletes what earlier files wrote before each file.
 */
export async function freshDatabase(): Promise<void> {
  seeded = null
  await resetAll(env)
  await seedReferences(env, new Date())
}
