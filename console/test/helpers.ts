/**
 * Helpers of the console's tests: Access tokens from the stand-in issuer (test/access-stand-in.ts), requests to the
 * console as a browser behind Access sends them, the demo operators, records to moderate, and the audit log.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import app from '../src/index'

export const OPERATORS = {
  moderator: 'moderator@console.test',
  editor: 'editor@console.test',
  admin: 'admin@console.test',
} as const
export type Role = keyof typeof OPERATORS

/** The console's own origin in these requests; a form post's `Origin`. */
const ORIGIN = 'https://console.test'

/** An Access application token from the stand-in issuer: `claims` over its defaults and this test's audience. */
export async function sign(claims: Record<string, unknown>, options: { key?: 'rogue' } = {}): Promise<string> {
  const res = await fetch(`${env.ACCESS_TEAM_DOMAIN}/__sign`, {
    method: 'POST',
    body: JSON.stringify({ claims: { aud: [env.ACCESS_AUD], ...claims }, key: options.key }),
  })
  if (!res.ok) throw new Error(`access stand-in: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

const tokens = new Map<Role, Promise<string>>()
/** A valid token of the demo operator with `role`. */
export function tokenOf(role: Role): Promise<string> {
  let token = tokens.get(role)
  if (!token) tokens.set(role, (token = sign({ email: OPERATORS[role] })))
  return token
}

export type Page = { status: number; html: string; headers: Headers }

/**
 * A request to the console as Access passes it on: `token` in `Cf-Access-Jwt-Assertion` (none when null), a form post
 * with the console's own Origin unless told otherwise.
 */
export async function open(
  path: string,
  options: {
    token: string | null
    form?: Record<string, string> | FormData
    origin?: string
    env?: Record<string, unknown>
  },
): Promise<Page> {
  const headers = new Headers({ 'accept-language': 'en' })
  if (options.token) headers.set('Cf-Access-Jwt-Assertion', options.token)
  let body: string | FormData | undefined
  if (options.form instanceof FormData) {
    // A multipart form (files): the Request sets its content type with the boundary.
    body = options.form
    headers.set('origin', options.origin ?? ORIGIN)
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString()
    headers.set('content-type', 'application/x-www-form-urlencoded')
    headers.set('origin', options.origin ?? ORIGIN)
  }
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method: options.form ? 'POST' : 'GET', headers, body, redirect: 'manual' }),
    (options.env ? { ...env, ...options.env } : env) as Env,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { status: res.status, html: await res.text(), headers: res.headers }
}

/** The page as the role's operator sees it. */
export async function openAs(role: Role, path: string, form?: Record<string, string> | FormData): Promise<Page> {
  return open(path, { token: await tokenOf(role), form })
}

/** The demo operators, one of each role. */
export async function ensureOperators(): Promise<void> {
  const at = new Date().toISOString()
  await env.GATEWAY_DB.batch(
    (Object.entries(OPERATORS) as [Role, string][]).map(([role, email]) =>
      env.GATEWAY_DB.prepare(
        'INSERT INTO operators (email, name, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO UPDATE SET role = excluded.role, removed_at = NULL',
      ).bind(email, `Demo ${role}`, role, at),
    ),
  )
}

/** The id of an operator by e-mail. */
export async function operatorId(email: string): Promise<number> {
  const row = await env.GATEWAY_DB.prepare('SELECT id FROM operators WHERE email = ?')
    .bind(email)
    .first<{ id: number }>()
  return row!.id
}

/** A call to the gateway itself, as a visitor of the portal would make it (public forms). */
export async function gateway(path: string, body: unknown): Promise<any> {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3))
  const res = await env.GATEWAY.fetch(`http://gateway.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.${a}.${b}.${c}` },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as any
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json.content
}

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@applicant.test`

/** An account with a password, as an approved registration leaves it. */
async function createUser(): Promise<number> {
  const at = new Date().toISOString()
  const row = await env.GATEWAY_DB.prepare(
    "INSERT INTO users (email, role, is_resident, created_at, updated_at) VALUES (?, 'businessmen', 0, ?, ?) RETURNING id",
  )
    .bind(unique('owner'), at, at)
    .first<{ id: number }>()
  await env.GATEWAY_DB.prepare("INSERT INTO profiles (user_id, name, surname) VALUES (?, 'Emre', 'Yılmaz')")
    .bind(row!.id)
    .run()
  return row!.id
}

/** An appeal in moderation from a signed-in user. */
export async function newAppeal(): Promise<{ id: number; userId: number }> {
  const userId = await createUser()
  // A topic and one of its types (the gateway's seed has more; these tests need one).
  await env.GATEWAY_DB.batch([
    env.GATEWAY_DB.prepare(
      "INSERT OR IGNORE INTO appeal_topics (id, parent_id, title_uz, title_ru, title_en) VALUES (901, NULL, 'Soliqlar', 'Налоги', 'Taxes')",
    ),
    env.GATEWAY_DB.prepare(
      "INSERT OR IGNORE INTO appeal_topics (id, parent_id, title_uz, title_ru, title_en) VALUES (902, 901, 'Imtiyozlar', 'Льготы', 'Incentives')",
    ),
  ])
  const topic = { topic: 901, type: 902 }
  const at = new Date().toISOString()
  const row = await env.GATEWAY_DB.prepare(
    `INSERT INTO appeals (user_id, topic_id, type_id, region_id, text, created_at, updated_at)
     VALUES (?, ?, ?, 1, 'Our import licence has been pending for a month.', ?, ?) RETURNING id`,
  )
    .bind(userId, topic.topic, topic.type, at, at)
    .first<{ id: number }>()
  return { id: row!.id, userId }
}

/** A project submitted for moderation. */
export async function newProject(): Promise<number> {
  const userId = await createUser()
  const at = new Date().toISOString()
  const row = await env.GATEWAY_DB.prepare(
    `INSERT INTO personal_projects (user_id, title_en, category_id, sector_id, region_id, budget, status, created_at, updated_at)
     VALUES (?, 'Textile dyeing line', 1, 1, 1, 900000, 'open_for_investment', ?, ?) RETURNING id`,
  )
    .bind(userId, at, at)
    .first<{ id: number }>()
  return row!.id
}

/** A registration application of a non-resident investor, waiting; its id as operators name it. */
export async function newRegistration(fields: Record<string, unknown> = {}): Promise<number> {
  const { id } = await gateway('/siw/public/investor-registration', {
    company_name: 'Baltic Timber Partners OÜ',
    website: '',
    email: unique('applicant'),
    phone: '+372 5123 4567',
    position: 'Director',
    name: 'Kadri',
    surname: 'Tamm',
    country_id: 2,
    source: 'linkedin',
    source_variant: '',
    comments: '',
    is_resident: false,
    hash: '',
    ...fields,
  })
  const row = await env.GATEWAY_DB.prepare(
    "SELECT id FROM registrations WHERE kind = 'investor' AND application_id = ?",
  )
    .bind(id)
    .first<{ id: number }>()
  return row!.id
}

/** A contact request; `message` as the visitor wrote it. */
export async function newContactRequest(
  name: string,
  message = 'We would like an interview about the forum.',
): Promise<number> {
  const { id } = await gateway('/siw/public/contact-us', {
    purpose: 'media',
    name,
    last_name: 'Petrova',
    email: unique('contact'),
    phone: '+7 912 000 1122',
    company_name: 'Vesti',
    designation: '',
    country: 'Russia',
    website: '',
    message,
    hash: '',
  })
  return id
}

/** The audit rows of a record (`kind`, `id`), oldest first, with the operator's e-mail. */
export async function auditOf(kind: string, id: number) {
  const { results } = await env.GATEWAY_DB.prepare(
    `SELECT a.action, a.before, a.after, o.email FROM audit_log a JOIN operators o ON o.id = a.operator_id
     WHERE a.target_kind = ? AND a.target_id = ? ORDER BY a.id`,
  )
    .bind(kind, id)
    .all<{ action: string; before: string | null; after: string | null; email: string }>()
  return results.map((r) => ({
    action: r.action,
    email: r.email,
    before: r.before ? JSON.parse(r.before) : null,
    after: r.after ? JSON.parse(r.after) : null,
  }))
}

/** Where a 303 sends the browser. */
export const locationOf = (page: Page) => page.headers.get('location')
