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
 * JavaScript (docs/architecture.md#route-checks).
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

const numeric = /^\d{1,12}$/
const idParams = { id: numeric }
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
export const SECTORS = [
  'energy',
  'metals',
  'pharma',
  'finance',
  'tourism',
  'textiles',
  'chemicals',
  'education',
  'automotive',
  'technology',
  'agriculture',
  'oil-and-gas',
  'construction',
  'zdravoohranenie',
] as const

const def = <const R extends RouteDef>(r: R) => r

/** Ordered: the first matching pattern wins, so static segments come before params and the catch-all is last. */
export const ROUTES = [
  // A region or metric is a map link followed without JavaScript (docs/product.md#routes).
  def({
    id: 'home',
    pattern: '/',
    layout: 'default',
    title: 'home',
    meta: { fixedHeader: false },
    query: { region: text, metric: text, table: text },
  }),
  def({
    id: 'sso',
    pattern: '/sso',
    layout: 'blank',
    title: 'sso',
    meta: {},
    query: { code: text, state: text, role: text },
  }),
  def({ id: 'about', pattern: '/about', layout: 'default', title: 'about', meta: {} }),
  def({
    id: 'search',
    pattern: '/search',
    layout: 'default',
    title: 'search',
    meta: {},
    query: { keyword: text, page },
  }),
  def({ id: 'sitemap', pattern: '/sitemap', layout: 'default', title: 'sitemap', meta: {} }),
  def({ id: 'contacts', pattern: '/contacts', layout: 'default', title: 'contacts', meta: {} }),
  def({
    id: 'contact-us',
    pattern: '/contact-us',
    layout: 'default',
    title: 'contactUs',
    meta: {},
    query: { sent: text },
  }),
  def({ id: 'cookie-policy', pattern: '/cookie-policy', layout: 'default', title: 'cookiePolicy', meta: {} }),
  def({ id: 'privacy-policy', pattern: '/privacy-policy', layout: 'default', title: 'privacyPolicy', meta: {} }),
  def({
    id: 'success-registration',
    pattern: '/success-registration',
    layout: 'default',
    title: 'successRegistration',
    meta: {},
  }),

  def({
    id: 'post',
    pattern: '/post/:id',
    layout: 'default',
    title: 'post',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),
  def({
    id: 'media',
    pattern: '/media/:id',
    layout: 'default',
    title: 'media',
    meta: {},
    params: { id: MEDIA_TYPES },
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'story-list',
    pattern: '/story',
    layout: 'default',
    title: 'stories',
    meta: {},
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'story',
    pattern: '/story/:id',
    layout: 'default',
    title: 'story',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),
  def({
    id: 'event-list',
    pattern: '/event',
    layout: 'default',
    title: 'events',
    meta: {},
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'event-register',
    pattern: '/event/register',
    layout: 'default',
    title: 'eventRegister',
    meta: {},
    query: { event_id: filled },
    reject: NOT_FOUND,
  }),
  def({
    id: 'event',
    pattern: '/event/:id',
    layout: 'default',
    title: 'event',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),
  def({
    id: 'gallery',
    pattern: '/gallery/:id',
    layout: 'default',
    title: 'gallery',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),

  def({
    id: 'one-id',
    pattern: '/auth/one-id',
    layout: 'blank',
    title: 'oneId',
    meta: {},
    query: { role: filled, state: text },
    reject: FORBIDDEN,
  }),
  def({
    id: 'sign-in',
    pattern: '/auth/sign-in',
    layout: 'default',
    title: 'signIn',
    meta: {},
    query: { role, return: text, notice: text },
    reject: FORBIDDEN,
  }),
  def({
    id: 'forgot-password',
    pattern: '/auth/forgot-password',
    layout: 'default',
    title: 'forgotPassword',
    meta: {},
    query: { role, return: text, sent: text },
    reject: FORBIDDEN,
  }),
  def({
    id: 'reset-password',
    pattern: '/auth/reset-password',
    layout: 'default',
    title: 'resetPassword',
    meta: {},
    query: { time: filled, token: filled, email: filled, uuid: filled, role: text, purpose: text },
    reject: { status: 403, code: 'missing_query_params' },
  }),

  def({
    id: 'reason',
    pattern: '/reason/:topic',
    layout: 'default',
    title: 'reason',
    meta: {},
    params: { topic: REASONS },
    reject: NOT_FOUND,
  }),

  def({
    id: 'uz-ex',
    pattern: '/service/uz-ex',
    layout: 'service',
    title: 'uzEx',
    meta: {},
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'service-category-index',
    pattern: '/service/category',
    layout: 'service-category',
    title: 'services',
    meta: {},
  }),
  def({
    id: 'service-category',
    pattern: '/service/category/:category_id',
    layout: 'service-category',
    title: 'serviceCategory',
    meta: {},
    params: { category_id: numeric },
    reject: NOT_FOUND,
  }),
  def({
    id: 'e-auction',
    pattern: '/service/e-auction',
    layout: 'service',
    title: 'eAuction',
    meta: {},
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'e-auction-lot',
    pattern: '/service/e-auction/:id',
    layout: 'service',
    title: 'eAuctionLot',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),
  def({
    id: 'service',
    pattern: '/service/:service_id',
    layout: 'service',
    title: 'service',
    meta: {},
    params: { service_id: numeric },
    query: { process: optional(numeric), step: optional(numeric) },
    reject: NOT_FOUND,
  }),

  def({ id: 'guide-partnership', pattern: '/guide/partnership', layout: 'default', title: 'partnership', meta: {} }),
  def({
    id: 'guide-privatization',
    pattern: '/guide/privatization',
    layout: 'default',
    title: 'privatization',
    meta: {},
  }),
  def({
    id: 'guide-register-business',
    pattern: '/guide/register-business',
    layout: 'default',
    title: 'registerBusiness',
    meta: {},
  }),
  def({
    id: 'guide-register-investor',
    pattern: '/guide/register-investor',
    layout: 'default',
    title: 'registerInvestor',
    meta: {},
  }),
  def({ id: 'guide-project', pattern: '/guide/project', layout: 'default', title: 'projects', meta: {} }),
  def({
    id: 'project-category-list',
    pattern: '/guide/project/category',
    layout: 'default',
    title: 'projectCategories',
    meta: {},
    query: { page },
    reject: NOT_FOUND,
  }),
  def({
    id: 'project-category',
    pattern: '/guide/project/category/:id',
    layout: 'default',
    title: 'projectCategory',
    meta: {},
    // Malformed filters are ignored rather than refused (`readProjectFilters`).
    params: idParams,
    query: { page, sector_id: text, region_id: text, amount_id: text, status: text },
    reject: NOT_FOUND,
  }),
  def({
    id: 'project',
    pattern: '/guide/project/:id',
    layout: 'default',
    title: 'project',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),
  def({ id: 'explore', pattern: '/guide/explore', layout: 'default', title: 'explore', meta: {} }),
  def({
    id: 'sector',
    pattern: '/guide/explore/:sector',
    layout: 'default',
    title: 'sector',
    meta: {},
    params: { sector: SECTORS },
    reject: NOT_FOUND,
  }),
  def({
    id: 'explore-item',
    pattern: '/guide/explore/:id',
    layout: 'default',
    title: 'explore',
    meta: {},
    params: idParams,
    reject: NOT_FOUND,
  }),

  def({
    id: 'profile',
    pattern: '/profile',
    layout: 'profile',
    title: 'profile',
    meta: { protected: true, hideAppealButton: true },
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
    id: 'page',
    pattern: '/:slug+',
    layout: 'default',
    title: 'page',
    meta: {},
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
