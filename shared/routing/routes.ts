/**
 * The one route table (docs/product.md#routes): patterns, layouts, meta, and the rules of path params and queries
 * (docs/product.md#validation). Param and query types are inferred from it; data plans live in `plans/`.
 */

export type Layout = 'blank' | 'default' | 'profile' | 'service-category' | 'service'

export type RouteMeta = Readonly<{
  protected?: boolean
  residentOnly?: boolean
  nonResidentOnly?: boolean
  fixedHeader?: boolean
  hideAppealButton?: boolean
}>

/** What a failed param or query check answers (docs/product.md#validation). */
type Rejection = Readonly<{ status: 401 | 403 | 404; code: string }>

/**
 * What a path param or query value must be: a pattern it matches (a string), one of the listed values, or digits read
 * as a number (`{ number: pattern }`); `optional(…)` also lets it be missing. Plain data rather than schemas: the
 * browser checks every client navigation with these rules, and a schema library would be a tenth of a first view's
 * JavaScript (docs/decisions/0019-route-checks.md).
 */
export type ValueRule = RegExp | readonly string[] | Readonly<{ number: RegExp }>
export type FieldRule = ValueRule | Readonly<{ optional: ValueRule }>
export type Shape = Readonly<Record<string, FieldRule>>

/** A rule that also lets the value be missing. */
const optional = <const R extends ValueRule>(rule: R): Readonly<{ optional: R }> => ({ optional: rule })

/** Raw values by name, as read from a path or a URL query (first value wins). */
export type Params = Record<string, string | undefined>
export type Search = Record<string, string | undefined>

export type RouteDef = Readonly<{
  id: string
  pattern: string
  layout: Layout
  /** i18n key of the page title, under `routes.` */
  title: string
  meta: RouteMeta
  params?: Shape
  /** The query keys the route reads; others stay in the raw search only. */
  query?: Shape
  reject?: Rejection
}>

const NOT_FOUND: Rejection = { status: 404, code: 'page_not_found' }
const FORBIDDEN: Rejection = { status: 403, code: 'forbidden' }

/**
 * A record's id, which the upstream reads as a number: `01` names the record `1` does, so only `1` is its address
 * (`canonicalIdAddress`, docs/security.md#cache-keys).
 */
export const ID_RULE = /^\d{1,12}$/
const numeric = ID_RULE
const idParams = { id: numeric }
/** An e-auction lot's number: the upstream's text, compared as written (`0123` is another lot than `123`). */
const lotNumber = /^\d{1,12}$/
const role = ['investor', 'businessmen'] as const
/** A list page, 0-based: 1 to 6 digits, read as a number. */
const page = optional({ number: /^\d{1,6}$/ })
/** Any value but the empty one. */
const filled = /[\s\S]/
/** Any value, or none. */
const text = optional(/^/)

export const MEDIA_TYPES = ['news', 'publication', 'pr_material', 'blog', 'gallery'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]
export const REASONS = [
  'living',
  'talent',
  'culture',
  'economy',
  'resource',
  'strategy',
  'innovation',
  'environment',
] as const

/** A sector's slug: lower-case words joined by hyphens, starting with a letter (a number is a project's id). */
export const SECTOR_SLUG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/

/** A route as the table writes it: the layout defaults to `default`, the title to the id in camelCase, the meta to none. */
type RouteInput = Omit<RouteDef, 'layout' | 'title' | 'meta'> & Partial<Pick<RouteDef, 'layout' | 'title' | 'meta'>>
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
type WithDefaults<R extends RouteInput> = R & {
  layout: R extends { layout: infer L } ? L : 'default'
  title: R extends { title: infer T } ? T : Camel<R['id']>
  meta: R extends { meta: infer M } ? M : Readonly<Record<never, never>>
}
const camel = (id: string) => id.replace(/-(.)/g, (_, c: string) => c.toUpperCase())
const def = <const R extends RouteInput>(r: R) =>
  ({ layout: 'default', title: camel(r.id), meta: {}, ...r }) as unknown as WithDefaults<R>

/** Ordered: the first matching pattern wins, so static segments come before params and the catch-all is last. */
export const ROUTES = [
  // A region or metric is a map link followed without JavaScript (docs/product.md#routes).
  def({ id: 'home', pattern: '/', meta: { fixedHeader: false }, query: { region: text, metric: text, table: text } }),
  def({ id: 'sso', pattern: '/sso', layout: 'blank', query: { code: text, state: text, role: text } }),
  def({ id: 'about', pattern: '/about' }),
  def({ id: 'search', pattern: '/search', query: { keyword: text, page } }),
  def({ id: 'sitemap', pattern: '/sitemap' }),
  def({ id: 'contacts', pattern: '/contacts' }),
  def({ id: 'contact-us', pattern: '/contact-us', query: { sent: text } }),
  def({ id: 'cookie-policy', pattern: '/cookie-policy' }),
  def({ id: 'privacy-policy', pattern: '/privacy-policy' }),
  // `reference`: the event application's (docs/decisions/0048-references.md), shown when it looks like one.
  def({ id: 'success-registration', pattern: '/success-registration', query: { reference: text } }),
  // A mail's unsubscribe link (docs/security.md#one-click-unsubscribe): `done` names the topic turned off, `error` why not.
  def({ id: 'unsubscribe', pattern: '/unsubscribe', query: { token: text, done: text, error: text } }),
  def({ id: 'open-data', pattern: '/open-data' }),
  def({ id: 'accessibility', pattern: '/accessibility' }),
  // Where "Was this page useful?" posts, and thanks without JavaScript (docs/product.md#page-feedback).
  def({ id: 'page-feedback', pattern: '/feedback', query: { return: text } }),

  def({ id: 'post', pattern: '/post/:id', params: idParams, reject: NOT_FOUND }),
  def({ id: 'media', pattern: '/media/:id', params: { id: MEDIA_TYPES }, query: { page }, reject: NOT_FOUND }),
  def({ id: 'story-list', pattern: '/story', title: 'stories', query: { page }, reject: NOT_FOUND }),
  def({ id: 'story', pattern: '/story/:id', params: idParams, reject: NOT_FOUND }),
  def({ id: 'event-list', pattern: '/event', title: 'events', query: { page }, reject: NOT_FOUND }),
  def({ id: 'event-register', pattern: '/event/register', query: { event_id: filled }, reject: NOT_FOUND }),
  def({ id: 'event', pattern: '/event/:id', params: idParams, reject: NOT_FOUND }),
  def({ id: 'gallery', pattern: '/gallery/:id', params: idParams, reject: NOT_FOUND }),

  def({
    id: 'one-id',
    pattern: '/auth/one-id',
    layout: 'blank',
    query: { role: filled, state: text },
    reject: FORBIDDEN,
  }),
  def({ id: 'sign-in', pattern: '/auth/sign-in', query: { role, return: text, notice: text }, reject: FORBIDDEN }),
  def({
    id: 'forgot-password',
    pattern: '/auth/forgot-password',
    query: { role, return: text, sent: text },
    reject: FORBIDDEN,
  }),
  def({
    id: 'reset-password',
    pattern: '/auth/reset-password',
    query: { time: filled, token: filled, email: filled, uuid: filled, role: text, purpose: text },
    reject: { status: 403, code: 'missing_query_params' },
  }),

  // The link mailed to a new e-mail address (docs/gateway-contract.md#e-mail-change): the page asks before it acts.
  def({
    id: 'confirm-email',
    pattern: '/auth/confirm-email',
    query: { uuid: text, token: text, done: text, error: text },
  }),

  def({ id: 'reason', pattern: '/reason/:topic', params: { topic: REASONS }, reject: NOT_FOUND }),

  def({ id: 'uz-ex', pattern: '/service/uz-ex', layout: 'service', query: { page }, reject: NOT_FOUND }),
  def({ id: 'service-category-index', pattern: '/service/category', layout: 'service-category', title: 'services' }),
  def({
    id: 'service-category',
    pattern: '/service/category/:category_id',
    layout: 'service-category',
    params: { category_id: numeric },
    reject: NOT_FOUND,
  }),
  def({ id: 'e-auction', pattern: '/service/e-auction', layout: 'service', query: { page }, reject: NOT_FOUND }),
  def({
    id: 'e-auction-lot',
    pattern: '/service/e-auction/:id',
    layout: 'service',
    params: { id: lotNumber },
    reject: NOT_FOUND,
  }),
  def({
    id: 'service',
    pattern: '/service/:service_id',
    layout: 'service',
    params: { service_id: numeric },
    query: { process: optional(numeric), step: optional(numeric) },
    reject: NOT_FOUND,
  }),

  def({ id: 'guide-partnership', pattern: '/guide/partnership', title: 'partnership' }),
  def({ id: 'guide-privatization', pattern: '/guide/privatization', title: 'privatization' }),
  def({ id: 'guide-register-business', pattern: '/guide/register-business', title: 'registerBusiness' }),
  def({ id: 'guide-register-investor', pattern: '/guide/register-investor', title: 'registerInvestor' }),
  def({ id: 'guide-project', pattern: '/guide/project', title: 'projects' }),
  def({
    id: 'project-category-list',
    pattern: '/guide/project/category',
    title: 'projectCategories',
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'project-category',
    pattern: '/guide/project/category/:id',
    // Malformed filters are ignored rather than refused (`readProjectFilters`).
    params: idParams,
    query: { page, sector_id: text, region_id: text, amount_id: text, status: text },
    reject: NOT_FOUND,
  }),
  def({
    id: 'all-projects',
    pattern: '/guide/project/all',
    // The filters are kept in the query as a category's are (malformed ones are ignored).
    query: { page, category_id: text, sector_id: text, region_id: text, amount_id: text, status: text },
    reject: NOT_FOUND,
  }),
  // The same projects on a map (docs/decisions/0058-project-map.md): every one with a place, so no page.
  def({
    id: 'all-projects-map',
    pattern: '/guide/project/all/map',
    query: { category_id: text, sector_id: text, region_id: text, amount_id: text, status: text },
    reject: NOT_FOUND,
  }),
  def({ id: 'project', pattern: '/guide/project/:id', params: idParams, reject: NOT_FOUND }),
  // Interest in a project (docs/product.md#enquiries): its form, and the reference once sent.
  def({
    id: 'project-interest',
    pattern: '/guide/project/:id/interest',
    params: idParams,
    query: { sent: optional(/^[A-Z]{2}-\d{4}-\d{6,10}$/) },
    reject: NOT_FOUND,
  }),
  def({ id: 'explore', pattern: '/guide/explore' }),
  def({ id: 'sector', pattern: '/guide/explore/:sector', params: { sector: SECTOR_SLUG }, reject: NOT_FOUND }),
  def({ id: 'explore-item', pattern: '/guide/explore/:id', title: 'explore', params: idParams, reject: NOT_FOUND }),

  def({
    id: 'profile',
    pattern: '/profile',
    layout: 'profile',
    meta: { protected: true, hideAppealButton: true },
    query: { notice: text },
  }),
  def({
    id: 'profile-company',
    pattern: '/profile/company',
    layout: 'profile',
    title: 'company',
    meta: { protected: true, hideAppealButton: true },
  }),
  def({
    id: 'profile-password',
    pattern: '/profile/password',
    layout: 'profile',
    title: 'password',
    meta: { protected: true, nonResidentOnly: true, hideAppealButton: true },
    query: { notice: text },
  }),
  def({
    id: 'profile-notifications',
    pattern: '/profile/notifications',
    layout: 'profile',
    meta: { protected: true, hideAppealButton: true },
    query: { notice: text },
  }),
  def({
    id: 'profile-account',
    pattern: '/profile/account',
    layout: 'profile',
    meta: { protected: true, hideAppealButton: true },
    query: { notice: text },
  }),
  def({
    id: 'profile-my-services',
    pattern: '/profile/my-services',
    layout: 'profile',
    title: 'myServices',
    // A service's own parameters travel as `p_{key}` beside these (read from the raw search).
    meta: { protected: true, residentOnly: true, hideAppealButton: true },
    query: { type: text, service: text, run: text, page: text },
  }),
  def({
    id: 'profile-appeals',
    pattern: '/profile/appeals/:id?',
    layout: 'profile',
    title: 'appeals',
    meta: { protected: true, hideAppealButton: true },
    params: { id: optional(numeric) },
    query: { page, new: text },
    reject: NOT_FOUND,
  }),
  def({
    id: 'profile-my-projects',
    pattern: '/profile/my-projects',
    layout: 'profile',
    title: 'myProjects',
    meta: { protected: true, hideAppealButton: true },
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'profile-project-form',
    pattern: '/profile/my-projects/form/:id?',
    layout: 'profile',
    title: 'projectForm',
    meta: { protected: true, hideAppealButton: true },
    params: { id: optional(numeric) },
    reject: NOT_FOUND,
  }),

  def({
    id: 'profile-enquiries',
    pattern: '/profile/enquiries',
    layout: 'profile',
    meta: { protected: true, hideAppealButton: true },
  }),
  // An enquiry by the signed link of its receipt: `{id}.{signature}` (docs/security.md#enquiry-links).
  def({
    id: 'enquiry',
    pattern: '/enquiry/:token',
    params: { token: /^\d{1,10}\.[A-Za-z0-9_-]{43}$/ },
    reject: NOT_FOUND,
  }),

  def({
    id: 'page',
    pattern: '/:slug+',
    params: { slug: /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/ },
    reject: NOT_FOUND,
  }),
] as const satisfies readonly RouteDef[]

type Route = (typeof ROUTES)[number]
export type RouteId = Route['id']
/** The table's entry for `Id`. */
export type RouteOf<Id extends RouteId> = Extract<Route, { id: Id }>

export const ROUTE_BY_ID: Readonly<Record<RouteId, RouteDef>> = Object.freeze(
  Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<RouteId, RouteDef>,
)

/** Whether a string names a route of the table. */
export function isRouteId(value: string): value is RouteId {
  return Object.hasOwn(ROUTE_BY_ID, value)
}

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The names in a pattern, with their modifiers: `/a/:id/:slug+` → `id` | `slug+`. */
type PatternNames<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? PatternNames<Head> | PatternNames<Tail>
  : P extends `:${infer Name}`
    ? Name
    : never
type RequiredName<N> = N extends `${string}?` ? never : N extends `${infer Splat}+` ? Splat : N
type OptionalName<N> = N extends `${infer Name}?` ? Name : never

/** The value a rule gives: a listed value, a number for `{ number }`, else the string itself. */
type ValueOf<R> = R extends readonly (infer U)[] ? U : R extends Readonly<{ number: RegExp }> ? number : string
type RuleValue<R> = R extends Readonly<{ optional: infer V }> ? ValueOf<V> : ValueOf<R>
type IsOptional<R> = R extends Readonly<{ optional: unknown }> ? true : false

type NoShape = Readonly<Record<never, never>>
type ParamShape<Id extends RouteId> = RouteOf<Id> extends { params: infer S } ? S : NoShape
type QueryShape<Id extends RouteId> = RouteOf<Id> extends { query: infer S } ? S : NoShape
type ParamValue<Id extends RouteId, K extends string> = K extends keyof ParamShape<Id>
  ? RuleValue<ParamShape<Id>[K]>
  : string
type Names<Id extends RouteId> = PatternNames<RouteOf<Id>['pattern']>

/** A route's path params after matching: `/post/:id` → `{ id: string }`, `:id?` optional, picklists narrowed. */
export type ParamsOf<Id extends RouteId> = Simplify<
  { readonly [K in RequiredName<Names<Id>>]: ParamValue<Id, K> } & {
    readonly [K in OptionalName<Names<Id>>]?: ParamValue<Id, K>
  }
>

/** The params `href()` fills: every required name as a string, optional ones may be left out. */
export type HrefParams<Id extends RouteId> = Simplify<
  { readonly [K in RequiredName<Names<Id>>]: string } & { readonly [K in OptionalName<Names<Id>>]?: string }
>

/** A route's query after parsing: the keys its table entry names, `page` as a number. */
export type QueryOf<Id extends RouteId> = Simplify<
  {
    readonly [K in keyof QueryShape<Id> as IsOptional<QueryShape<Id>[K]> extends true ? never : K]: RuleValue<
      QueryShape<Id>[K]
    >
  } & {
    readonly [K in keyof QueryShape<Id> as IsOptional<QueryShape<Id>[K]> extends true ? K : never]?: RuleValue<
      QueryShape<Id>[K]
    >
  }
>
