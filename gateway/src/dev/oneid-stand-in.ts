/**
 * The local stand-in for OneID (DEV_MODE only), speaking OneID's protocol (docs/gateway-contract.md#oneid) so the
 * gateway's OneID code (`integrations/oneid.ts`) runs against it unchanged:
 * - `GET /dev/oneid?response_type=one_code&client_id&redirect_uri&scope&state`: the sign-in page, listing the seeded
 *   residents (of the role the return address names) as links;
 * - `GET /dev/oneid/pick`: a single-use code for the picked resident, and back to `redirect_uri` with `code` and
 *   `state`;
 * - `POST /dev/oneid` (a form): `grant_type=one_authorization_code` exchanges the code, once, for an access token;
 *   `grant_type=one_access_token_identify` answers the token's person: PINFL, names and, for a company's
 *   representative, its legal entity. Both check the client's id and secret.
 * The gateway reaches the POST in-process (`dev/index.ts` lends it to the auth area), the browser the pages through the
 * portal's `/_dev` route.
 */
import { type Context, Hono } from 'hono'
import { html } from 'hono/html'
import * as v from 'valibot'
import { isLocale, type Locale } from '../../../contract/locales'
import { readConfig } from '../lib/config'
import type { AppEnv } from '../lib/context'
import { createSecret, sha256Hex } from '../lib/crypto'
import { GatewayError } from '../lib/envelope'
import { IdSchema, parseInput, readQuery } from '../lib/validate'
import { exchangeOneIdCode, findOneIdPerson, findResident, insertOneIdCode, listResidents } from './queries'

/** Codes live five minutes, access tokens ten. */
const CODE_LIFETIME_MS = 5 * 60_000
const ACCESS_LIFETIME_MS = 10 * 60_000

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

/** The sign-in page: the seeded residents of the role the return address names, as links. */
async function signInPage(c: Context<AppEnv>) {
  const q = parseInput(AuthorizeSchema, readQuery(c))
  assertClient(c.env, q.client_id)
  const { lang, role } = readRedirect(c.env, q.redirect_uri)
  const t = PAGE_TEXT[lang]
  const results = await listResidents(c.env.DB, role === 'investor' || role === 'businessmen' ? role : '')
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
}

const PickSchema = v.object({
  user_id: IdSchema,
  redirect_uri: AuthorizeSchema.entries.redirect_uri,
  state: AuthorizeSchema.entries.state,
})

// A link, not a form: the portal's proxy refuses cross-site-capable form posts, and OneID also returns by GET.
async function pick(c: Context<AppEnv>) {
  const picked = parseInput(PickSchema, readQuery(c))
  const { url } = readRedirect(c.env, picked.redirect_uri)
  const user = await findResident(c.env.DB, picked.user_id)
  if (!user) throw new GatewayError(404, 'not_found')
  const now = new Date()
  const code = createSecret(32)
  await insertOneIdCode(
    c.env.DB,
    {
      hash: await sha256Hex(code),
      userId: user.id,
      role: user.role,
      redirectUri: picked.redirect_uri,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    },
    now,
  )
  url.searchParams.set('code', code)
  url.searchParams.set('state', picked.state)
  // A path, not a URL: the portal serves /sso on whatever host this page was opened from.
  return c.redirect(url.pathname + url.search, 303)
}

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
async function token(c: Context<AppEnv>) {
  const form = Object.fromEntries([...(await c.req.formData()).entries()].map(([k, val]) => [k, String(val)]))
  const parsed = v.safeParse(GrantSchema, form)
  if (!parsed.success) return c.json({ error: 'invalid_request' }, 400)
  const grant = parsed.output
  const client = readConfig(c.env).oneid
  if (!client || grant.client_id !== client.clientId || grant.client_secret !== client.clientSecret)
    return c.json({ error: 'invalid_client' }, 401)
  const db = c.env.DB
  const now = new Date()
  if (grant.grant_type === 'one_authorization_code') {
    const accessToken = createSecret(32)
    // Single use: only an unused, unexpired code issued for this very redirect_uri is exchanged.
    const row = await exchangeOneIdCode(
      db,
      {
        codeHash: await sha256Hex(grant.code),
        redirectUri: grant.redirect_uri,
        accessTokenHash: await sha256Hex(accessToken),
        accessExpiresAt: new Date(now.getTime() + ACCESS_LIFETIME_MS),
      },
      now,
    )
    if (!row) return c.json({ error: 'invalid_grant', error_description: 'the code is unknown, used or expired' }, 400)
    return c.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_LIFETIME_MS / 1000,
      scope: client.scope,
    })
  }
  const person = await findOneIdPerson(db, await sha256Hex(grant.access_token), now)
  if (!person)
    return c.json({ error: 'invalid_token', error_description: 'the access token is unknown or expired' }, 400)
  return c.json(toOneIdPerson(person))
}

/**
 * The stand-in's routes below `/dev/oneid`: the sign-in page, the pick and the token endpoint. `dev/index.ts` mounts
 * them, and serves the token endpoint in-process to the auth area.
 */
export function createOneIdStandIn(): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', signInPage).get('/pick', pick).post('/', token)
}
