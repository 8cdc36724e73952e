/**
 * The local stand-in for OneID (DEV_MODE only), speaking OneID's protocol (docs/gateway-contract.md#oneid) so the
 * gateway's OneID code (`lib/oneid.ts`) runs against it unchanged:
 * - `GET /dev/oneid?response_type=one_code&client_id&redirect_uri&scope&state`: the sign-in page, listing the seeded
 *   residents (of the role the return address names) as links;
 * - `GET /dev/oneid/pick`: a single-use code for the picked resident, and back to `redirect_uri` with `code` and
 *   `state`;
 * - `POST /dev/oneid` (a form): `grant_type=one_authorization_code` exchanges the code, once, for an access token;
 *   `grant_type=one_access_token_identify` answers the token's person: PINFL, names and, for a company's
 *   representative, its legal entity. Both check the client's id and secret.
 * The gateway reaches the POST in-process, the browser the pages through the portal's `/_dev` route.
 */
import { Hono } from 'hono'
import { html } from 'hono/html'
import * as v from 'valibot'
import { isLocale, type Locale } from '../../../contract/locales'
import { readConfig } from '../lib/config'
import type { AppEnv } from '../lib/context'
import { createSecret, sha256Hex } from '../lib/crypto'
import { GatewayError } from '../lib/envelope'
import { IdSchema, parseInput, readQuery } from '../lib/validate'

/** Codes live five minutes, access tokens ten. */
const CODE_LIFETIME_MS = 5 * 60_000
const ACCESS_LIFETIME_MS = 10 * 60_000

/** The `/dev/oneid*` routes (404 unless DEV_MODE is "1"). */
export const oneIdStandInRoutes = new Hono<AppEnv>()

const devOnly = async (c: { env: Env }, next: () => Promise<void>) => {
  if (!readConfig(c.env).devMode) throw new GatewayError(404, 'not_found')
  await next()
}
oneIdStandInRoutes.use('/dev/oneid', devOnly)
oneIdStandInRoutes.use('/dev/oneid/*', devOnly)

const AuthorizeSchema = v.object({
  response_type: v.literal('one_code'),
  client_id: v.pipe(v.string(), v.maxLength(200)),
  redirect_uri: v.pipe(v.string(), v.maxLength(2048)),
  scope: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  state: v.optional(v.pipe(v.string(), v.maxLength(2048)), ''),
})

/**
 * The return address, checked as OneID checks a client's registered one: under the portal's origin. Answers its URL,
 * the page's language (its first path segment) and the role it names.
 */
function readRedirect(env: Env, redirectUri: string): { url: URL; lang: Locale; role: string } {
  const origin = readConfig(env).portalOrigin
  let url: URL
  try {
    url = new URL(redirectUri)
  } catch {
    throw new GatewayError(400, 'bad_request', 'redirect_uri', ['redirect_uri'])
  }
  if (url.origin !== new URL(origin).origin)
    throw new GatewayError(400, 'bad_request', 'redirect_uri', ['redirect_uri'])
  const segment = url.pathname.split('/')[1] ?? ''
  const lang = isLocale(segment) ? segment : 'en'
  return { url, lang, role: url.searchParams.get('role') ?? '' }
}

function assertClient(env: Env, clientId: string): void {
  if (clientId !== (readConfig(env).oneid?.clientId ?? ''))
    throw new GatewayError(400, 'bad_request', 'client_id', ['client_id'])
}

const PAGE_TEXT: Record<
  Locale,
  { title: string; intro: string; empty: string; investor: string; businessmen: string; pin: string }
> = {
  en: {
    title: 'OneID — local stand-in',
    intro:
      'This page replaces the national single sign-on on a development machine. Choose a resident identity to sign in with.',
    empty: 'No resident identities with this role are seeded.',
    investor: 'Investor',
    businessmen: 'Businessman',
    pin: 'PINFL',
  },
  ru: {
    title: 'OneID — локальная замена',
    intro:
      'Эта страница заменяет национальный единый вход на машине разработчика. Выберите резидента, под которым войти.',
    empty: 'Резиденты с этой ролью не загружены.',
    investor: 'Инвестор',
    businessmen: 'Предприниматель',
    pin: 'ПИНФЛ',
  },
  uz: {
    title: 'OneID — mahalliy o‘rinbosar',
    intro:
      'Bu sahifa ishlab chiquvchi kompyuterida milliy yagona kirish tizimi o‘rnini bosadi. Kirish uchun rezidentni tanlang.',
    empty: 'Bu roldagi rezidentlar yuklanmagan.',
    investor: 'Investor',
    businessmen: 'Tadbirkor',
    pin: 'JShShIR',
  },
}

oneIdStandInRoutes.get('/dev/oneid', async (c) => {
  const q = parseInput(AuthorizeSchema, readQuery(c))
  assertClient(c.env, q.client_id)
  const { lang, role } = readRedirect(c.env, q.redirect_uri)
  const t = PAGE_TEXT[lang]
  const { results } = await c.env.DB.prepare(
    `SELECT u.id, u.pin, p.name, p.surname, p.company_name FROM users u LEFT JOIN profiles p ON p.user_id = u.id
     WHERE u.is_resident = 1 AND u.pin IS NOT NULL AND u.pin <> '' AND (?1 = '' OR u.role = ?1) ORDER BY u.id`,
  )
    .bind(role === 'investor' || role === 'businessmen' ? role : '')
    .all<{ id: number; pin: string; name: string | null; surname: string | null; company_name: string | null }>()
  const pickBase = `${readConfig(c.env).devBase}/oneid/pick`
  const items = results.map((r) => {
    const href = `${pickBase}?${new URLSearchParams({ user_id: String(r.id), redirect_uri: q.redirect_uri, state: q.state })}`
    return html`<li>
      <a href="${href}">
        <strong>${r.name ?? ''} ${r.surname ?? ''}</strong>
        <span>${r.company_name ?? ''}</span>
        <span>${t.pin}: ${r.pin}</span>
      </a>
    </li>`
  })
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  )
  c.header('X-Content-Type-Options', 'nosniff')
  const roleName = role === 'investor' ? t.investor : role === 'businessmen' ? t.businessmen : ''
  return c.html(html`<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${t.title}</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a2330; }
      main { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
      ul { list-style: none; padding: 0; display: grid; gap: .75rem; }
      a { display: grid; gap: .15rem; padding: 1rem; color: inherit; text-decoration: none;
        background: #fff; border: 1px solid #9aa7b5; border-radius: .5rem; }
      a:hover { border-color: #0b5cad; }
      a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
      strong { color: #0b5cad; text-decoration: underline; }
      span { color: #45505c; }
    </style>
  </head>
  <body>
    <main>
      <h1>${t.title}</h1>
      <p>${t.intro}</p>
      ${roleName ? html`<p>${roleName}</p>` : ''}
      ${results.length ? html`<ul>${items}</ul>` : html`<p role="status">${t.empty}</p>`}
    </main>
  </body>
</html>`)
})

const PickSchema = v.object({
  user_id: IdSchema,
  redirect_uri: AuthorizeSchema.entries.redirect_uri,
  state: AuthorizeSchema.entries.state,
})

// A link, not a form: the portal's proxy refuses cross-site-capable form posts, and OneID also returns by GET.
oneIdStandInRoutes.get('/dev/oneid/pick', async (c) => {
  const pick = parseInput(PickSchema, readQuery(c))
  const { url } = readRedirect(c.env, pick.redirect_uri)
  const db = c.env.DB
  const user = await db
    .prepare("SELECT id, role FROM users WHERE id = ? AND is_resident = 1 AND pin IS NOT NULL AND pin <> ''")
    .bind(pick.user_id)
    .first<{ id: number; role: string }>()
  if (!user) throw new GatewayError(404, 'not_found')
  const now = new Date()
  const code = createSecret(32)
  await db
    .prepare(
      'INSERT INTO oneid_codes (code_hash, user_id, role, redirect_uri, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(
      await sha256Hex(code),
      user.id,
      user.role,
      pick.redirect_uri,
      new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
      now.toISOString(),
    )
    .run()
  url.searchParams.set('code', code)
  url.searchParams.set('state', pick.state)
  // A path, not a URL: the portal serves /sso on whatever host this page was opened from.
  return c.redirect(url.pathname + url.search, 303)
})

const GrantSchema = v.variant('grant_type', [
  v.object({
    grant_type: v.literal('one_authorization_code'),
    client_id: v.string(),
    client_secret: v.string(),
    code: v.pipe(v.string(), v.maxLength(256)),
    redirect_uri: v.pipe(v.string(), v.maxLength(2048)),
  }),
  v.object({
    grant_type: v.literal('one_access_token_identify'),
    client_id: v.string(),
    client_secret: v.string(),
    access_token: v.pipe(v.string(), v.maxLength(256)),
    scope: v.optional(v.string(), ''),
  }),
])

type Person = {
  pin: string
  email: string
  name: string | null
  surname: string | null
  phone: string | null
  tin: string | null
  company_name: string | null
}

/** The person of a live access token, as OneID's identify answers it. */
function toOneIdPerson(p: Person) {
  return {
    valid: 'true',
    user_type: 'I',
    user_id: p.email.split('@')[0],
    pin: p.pin,
    first_name: p.name ?? '',
    sur_name: p.surname ?? '',
    mid_name: '',
    full_name: `${p.surname ?? ''} ${p.name ?? ''}`.trim(),
    email: p.email,
    mob_phone_no: p.phone ?? '',
    legal_info: p.tin
      ? [{ is_basic: true, le_tin: p.tin, le_name: p.company_name ?? '', acron_UZ: p.company_name ?? '', tin: '' }]
      : [],
  }
}

// OneID's token endpoint: both grants, answered as OneID does (plain JSON; `error` on refusal), not in the envelope.
oneIdStandInRoutes.post('/dev/oneid', async (c) => {
  const form = Object.fromEntries([...(await c.req.formData()).entries()].map(([k, val]) => [k, String(val)]))
  const parsed = v.safeParse(GrantSchema, form)
  if (!parsed.success) return c.json({ error: 'invalid_request' }, 400)
  const grant = parsed.output
  const client = readConfig(c.env).oneid
  if (!client || grant.client_id !== client.clientId || grant.client_secret !== client.clientSecret)
    return c.json({ error: 'invalid_client' }, 401)
  const db = c.env.DB
  const now = new Date()
  const at = now.toISOString()
  if (grant.grant_type === 'one_authorization_code') {
    const accessToken = createSecret(32)
    // Single use: only an unused, unexpired code issued for this very redirect_uri is exchanged.
    const row = await db
      .prepare(
        `UPDATE oneid_codes SET used_at = ?1, access_token_hash = ?2, access_expires_at = ?3
         WHERE code_hash = ?4 AND used_at IS NULL AND expires_at > ?1 AND redirect_uri = ?5 RETURNING user_id`,
      )
      .bind(
        at,
        await sha256Hex(accessToken),
        new Date(now.getTime() + ACCESS_LIFETIME_MS).toISOString(),
        await sha256Hex(grant.code),
        grant.redirect_uri,
      )
      .first<{ user_id: number }>()
    if (!row) return c.json({ error: 'invalid_grant', error_description: 'the code is unknown, used or expired' }, 400)
    return c.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_LIFETIME_MS / 1000,
      scope: client.scope,
    })
  }
  const person = await db
    .prepare(
      `SELECT u.pin, u.email, p.name, p.surname, p.phone, p.tin, p.company_name FROM oneid_codes o
       JOIN users u ON u.id = o.user_id LEFT JOIN profiles p ON p.user_id = u.id
       WHERE o.access_token_hash = ? AND o.access_expires_at > ?`,
    )
    .bind(await sha256Hex(grant.access_token), at)
    .first<Person>()
  if (!person)
    return c.json({ error: 'invalid_token', error_description: 'the access token is unknown or expired' }, 400)
  return c.json(toOneIdPerson(person))
})
