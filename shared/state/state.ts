/** What the edge hands the browser to hydrate: the route, locale, session, messages and critical payloads. */

import type { Profile } from '../../contract/gateway/account'
import type { Envelope } from '../../contract/gateway/common'
import type { Locale } from '../../contract/locales'
import type { Messages } from '../i18n/i18n'
import type { PageError } from '../routing/errors'
import type { ParamsOf, QueryOf, RouteId } from '../routing/routes'
import type { PublicConfig } from './config'

/** A page's route after resolution: its id with typed params and query (`page` a number), a union by `id`. */
export type PageRoute<Id extends RouteId = RouteId> = {
  [K in Id]: Readonly<{ id: K; params: ParamsOf<K>; query: QueryOf<K>; path: string; search: string }>
}[Id]

/** No page: nothing matched, or the query broke the route's rules (the error says which). */
export type NoRoute = Readonly<{
  id: null
  params: Readonly<Record<string, never>>
  query: Readonly<Record<string, never>>
  path: string
  search: string
}>

/** Where the browser is: the path, the raw search (`?a=1`) and, when a page answers, its typed route. */
export type RouteState = PageRoute | NoRoute

/**
 * `unavailable`: the token cookie is kept but the profile could not be read (the upstream timed out or failed); the
 * header offers a retry and protected pages answer 503 until it can (docs/product.md#session).
 */
export type SessionState = Readonly<{ hasToken: boolean; profile: Profile | null; unavailable?: true }>

/** A loaded key: the envelope, or the error that stopped it (rendered as a section error, never thrown). */
export type PayloadEntry = Readonly<
  { ok: true; envelope: Envelope; stale?: true } | { ok: false; status: number; code: string }
>

/** The areas' stylesheets, each a build input of its own that pages declare (`<PageSheet>`). */
export const SHEET_NAMES = ['site', 'guide', 'services'] as const
export type SheetName = (typeof SHEET_NAMES)[number]

/** Built client files the document links (from the Vite manifest). */
type Assets = Readonly<{
  entry: string
  /** Stylesheets to link; empty when the edge inlines the shell's CSS (`inlineCss`). */
  css: readonly string[]
  inlineCss?: boolean
  /**
   * The shell sheet's built file, whose rules the document inlines in part (the browser links it when it needs all).
   */
  shellCss?: string
  /** The area sheets' built files, by name. */
  sheets: Readonly<Record<SheetName, string>>
  /** The locale's whole message catalogue (an immutable build asset); `messages` carries the page's namespaces. */
  messages: string
  preload: readonly string[]
  /** The built module of the page the document shows (the browser loads the other pages' registry later). */
  page?: string
  /** The page is server-only: `page` is its body, which the browser loads only to draw the page anew. */
  serverOnly?: boolean
  /** Vite's dev server (HMR). */
  dev?: boolean
}>

/** A form submitted to a page action: the values to show again (never passwords), field errors, a result code. */
export type FormState = Readonly<{
  values: Readonly<Record<string, string>>
  /** Field name → i18n key of the message (e.g. `forms.errors.required`). */
  errors: Readonly<Record<string, string>>
  /** A gateway result code for the whole form (e.g. `user_not_found`), or null. */
  code: string | null
}>

/** Answer of a page action to a script's `fetch` (same endpoint as the no-JS form post). */
export type ActionResponse = Readonly<{ redirect?: string; form?: FormState; notice?: string }>

export type InitialState = Readonly<{
  locale: Locale
  /** The portal's origin, for canonical and hreflang links. */
  origin: string
  assets: Assets
  route: RouteState
  session: SessionState
  error: PageError | null
  config: PublicConfig
  /** The messages of the namespaces the page rendered (the shell's always among them), fallbacks filled. */
  messages: Messages
  /** Critical payloads (awaited before the first byte); deferred ones stream in as `data-payload` scripts. */
  payloads: Readonly<Record<string, PayloadEntry>>
  /** The state of a form posted without JavaScript that needs correcting. */
  form: FormState | null
  /** A one-time notice after a no-JS action (an i18n key), shown as a toast on load. */
  notice: string | null
}>

/** Answer of `/{locale}/{path}/_payload.json` for client navigation. */
export type PagePayload = Readonly<{
  route: RouteState
  error: PageError | null
  payloads: Readonly<Record<string, PayloadEntry>>
  /** Where the client should go instead (route-rule or guard redirect). */
  redirect?: string
}>
