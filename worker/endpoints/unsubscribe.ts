/**
 * One-click unsubscribe (RFC 8058, docs/security.md#one-click-unsubscribe): the address an optional mail's
 * `List-Unsubscribe` header names. A mail client POSTs `List-Unsubscribe=One-Click` to it without an Origin and
 * without cookies, so it is authorised by its signed token instead of the same-origin check every other write passes;
 * the gateway verifies the token and turns that one topic's mail off, for whoever it names, signed in or not. A GET
 * (someone who opened the address) goes to the unsubscribe page, which asks first: link scanners fetch addresses, and
 * a GET must never unsubscribe.
 */
import type { Context } from 'hono'
import { isLocale } from '../../contract/locales'
import { href } from '../../shared/routing/match'
import type { AppEnv } from '../types'
import { gatewayFor } from '../upstream/gateway'

/** Where the mail's links point (`?lang=&token=`); the gateway builds them (docs/gateway-contract.md#unsubscribe). */
export const UNSUBSCRIBE_PATH = '/_app/unsubscribe'
/** A one-click body is one short form field (RFC 8058 §3.1). */
export const UNSUBSCRIBE_MAX_BYTES = 1024
/** Tokens are a topic, whom it names and a signature: far shorter than this. */
const TOKEN_MAX = 600

function readToken(c: Context<AppEnv>): string | null {
  const token = c.req.query('token') ?? ''
  return token && token.length <= TOKEN_MAX ? token : null
}

function localeOf(c: Context<AppEnv>) {
  const lang = c.req.query('lang')
  return isLocale(lang) ? lang : c.get('config').defaultLocale
}

/** `GET`: the page that asks, in the mail's language. */
export function showUnsubscribePage(c: Context<AppEnv>): Response {
  const token = readToken(c)
  return c.redirect(href('unsubscribe', { locale: localeOf(c), query: { token: token ?? undefined } }), 303)
}

/**
 * `POST` with `List-Unsubscribe=One-Click`: turns the topic's mail off. 200 when done, 400 for a body that is no
 * one-click request or a token the gateway refuses, 503 when the gateway signs no links.
 */
export async function serveOneClickUnsubscribe(c: Context<AppEnv>): Promise<Response> {
  const token = readToken(c)
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  if (!token || form['List-Unsubscribe'] !== 'One-Click') return c.text('Not a one-click unsubscribe request.\n', 400)
  c.set('locale', localeOf(c))
  const done = await gatewayFor(c, { token: null }).request('POST', '/core/mail/unsubscribe', { body: { token } })
  if (done.ok) return c.text('Unsubscribed.\n', 200)
  return c.text('This unsubscribe link is not valid.\n', done.status === 503 ? 503 : 400)
}
