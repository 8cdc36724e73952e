/** The one route table (SPEC §2): patterns, layouts, meta and param/query validation. Data plans: `data-plans.ts`. */

export type Layout = 'blank' | 'default' | 'profile' | 'service-category' | 'service'

export type RouteMeta = Readonly<{
  protected?: boolean
  residentOnly?: boolean
  nonResidentOnly?: boolean
  fixedHeader?: boolean
  hideAppealButton?: boolean
}>

/** What a failed param/query validation answers (SPEC §5, §8). */
export type Rejection = Readonly<{ status: 401 | 403 | 404; code: string }>

/**
 * What a path param or query value must be: a pattern it matches, or the values it may take; `optional(…)` also lets it
 * be missing. Keys a shape does not name pass. Plain data rather than schemas: the browser checks every client
 * navigation with these rules, and a schema library would be a tenth of a first view's JavaScript.
 */
export type ValueRule = RegExp | readonly string[]
export type FieldRule = ValueRule | Readonly<{ optional: ValueRule }>
export type Shape = Readonly<Record<string, FieldRule>>

export const optional = (rule: ValueRule): FieldRule => ({ optional: rule })

export type Params = Record<string, string | undefined>
export type Search = Record<string, string | undefined>

/** Gateway data a page needs: `critical` keys are awaited before the first byte (they decide the status), `deferred` stream in. */
export type DataPlan = Readonly<{ critical?: readonly string[]; deferred?: readonly string[] }>

export type RouteDef = Readonly<{
  id: string
  pattern: string
  layout: Layout
  /** i18n key of the page title, under `routes.` */
  title: string
  meta: RouteMeta
  params?: Shape
  query?: Shape
  reject?: Rejection
  /** Server-side check of the reset link (SPEC §5) before rendering. */
  checkResetLink?: boolean
  /** Sitemap: included unless false; parametrised routes list their known values. */
  sitemap?: false | readonly Params[]
}>

const NOT_FOUND: Rejection = { status: 404, code: 'page_not_found' }
const FORBIDDEN: Rejection = { status: 403, code: 'forbidden' }

const numeric = /^\d{1,12}$/
const idParams: Shape = { id: numeric }
const role = ['investor', 'businessmen'] as const
const page = optional(/^\d{1,6}$/)
/** Any value but the empty one. */
const filled = /[\s\S]/

export const MEDIA_TYPES = ['news', 'publication', 'pr_material', 'blog', 'gallery'] as const
export const REASONS = ['living', 'talent', 'culture', 'economy', 'resource', 'strategy', 'innovation', 'environment'] as const
export const SECTORS = [
  'energy', 'metals', 'pharma', 'finance', 'tourism', 'textiles', 'chemicals', 'education',
  'automotive', 'technology', 'agriculture', 'oil-and-gas', 'construction', 'zdravoohranenie',
] as const

const def = <const R extends RouteDef>(r: R) => r

/** Ordered: the first matching pattern wins, so static segments come before params and the catch-all is last. */
export const ROUTES = [
  def({ id: 'home', pattern: '/', layout: 'default', title: 'home', meta: { fixedHeader: false } }),
  def({ id: 'sso', pattern: '/sso', layout: 'blank', title: 'sso', meta: {}, sitemap: false }),
  def({ id: 'about', pattern: '/about', layout: 'default', title: 'about', meta: {} }),
  def({ id: 'search', pattern: '/search', layout: 'default', title: 'search', meta: {},
    query: { keyword: optional(/^/), page } }),
  def({ id: 'sitemap', pattern: '/sitemap', layout: 'default', title: 'sitemap', meta: {} }),
  def({ id: 'contacts', pattern: '/contacts', layout: 'default', title: 'contacts', meta: {} }),
  def({ id: 'contact-us', pattern: '/contact-us', layout: 'default', title: 'contactUs', meta: {} }),
  def({ id: 'cookie-policy', pattern: '/cookie-policy', layout: 'default', title: 'cookiePolicy', meta: {} }),
  def({ id: 'privacy-policy', pattern: '/privacy-policy', layout: 'default', title: 'privacyPolicy', meta: {} }),
  def({ id: 'success-registration', pattern: '/success-registration', layout: 'default', title: 'successRegistration', meta: {}, sitemap: false }),

  def({ id: 'post', pattern: '/post/:id', layout: 'default', title: 'post', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'media', pattern: '/media/:id', layout: 'default', title: 'media', meta: {},
    params: { id: MEDIA_TYPES }, query: { page }, reject: NOT_FOUND,
    sitemap: MEDIA_TYPES.map((id) => ({ id })) }),
  def({ id: 'story-list', pattern: '/story', layout: 'default', title: 'stories', meta: {}, query: { page }, reject: NOT_FOUND }),
  def({ id: 'story', pattern: '/story/:id', layout: 'default', title: 'story', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'event-list', pattern: '/event', layout: 'default', title: 'events', meta: {}, query: { page }, reject: NOT_FOUND }),
  def({ id: 'event-register', pattern: '/event/register', layout: 'default', title: 'eventRegister', meta: {},
    query: { event_id: filled }, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'event', pattern: '/event/:id', layout: 'default', title: 'event', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'gallery', pattern: '/gallery/:id', layout: 'default', title: 'gallery', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),

  def({ id: 'one-id', pattern: '/auth/one-id', layout: 'blank', title: 'oneId', meta: {},
    query: { role: filled }, reject: FORBIDDEN, sitemap: false }),
  def({ id: 'sign-in', pattern: '/auth/sign-in', layout: 'default', title: 'signIn', meta: {},
    query: { role }, reject: FORBIDDEN, sitemap: false }),
  def({ id: 'forgot-password', pattern: '/auth/forgot-password', layout: 'default', title: 'forgotPassword', meta: {},
    query: { role }, reject: FORBIDDEN, sitemap: false }),
  def({ id: 'reset-password', pattern: '/auth/reset-password', layout: 'default', title: 'resetPassword', meta: {},
    query: { time: filled, token: filled, email: filled, uuid: filled },
    reject: { status: 403, code: 'missing_query_params' }, checkResetLink: true, sitemap: false }),

  def({ id: 'reason', pattern: '/reason/:topic', layout: 'default', title: 'reason', meta: {},
    params: { topic: REASONS }, reject: NOT_FOUND,
    sitemap: REASONS.map((topic) => ({ topic })) }),

  def({ id: 'uz-ex', pattern: '/service/uz-ex', layout: 'service', title: 'uzEx', meta: {}, query: { page }, reject: NOT_FOUND }),
  def({ id: 'service-category-index', pattern: '/service/category', layout: 'service-category', title: 'services', meta: {} }),
  def({ id: 'service-category', pattern: '/service/category/:category_id', layout: 'service-category', title: 'serviceCategory', meta: {},
    params: { category_id: numeric }, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'e-auction', pattern: '/service/e-auction', layout: 'service', title: 'eAuction', meta: {}, query: { page }, reject: NOT_FOUND }),
  def({ id: 'e-auction-lot', pattern: '/service/e-auction/:id', layout: 'service', title: 'eAuctionLot', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'service', pattern: '/service/:service_id', layout: 'service', title: 'service', meta: {},
    params: { service_id: numeric }, query: { process: optional(numeric), step: optional(numeric) }, reject: NOT_FOUND,
    sitemap: false }),

  def({ id: 'guide-partnership', pattern: '/guide/partnership', layout: 'default', title: 'partnership', meta: {} }),
  def({ id: 'guide-privatization', pattern: '/guide/privatization', layout: 'default', title: 'privatization', meta: {} }),
  def({ id: 'guide-register-business', pattern: '/guide/register-business', layout: 'default', title: 'registerBusiness', meta: {} }),
  def({ id: 'guide-register-investor', pattern: '/guide/register-investor', layout: 'default', title: 'registerInvestor', meta: {} }),
  def({ id: 'guide-project', pattern: '/guide/project', layout: 'default', title: 'projects', meta: {} }),
  def({ id: 'project-category-list', pattern: '/guide/project/category', layout: 'default', title: 'projectCategories', meta: {},
    query: { page }, reject: NOT_FOUND }),
  def({ id: 'project-category', pattern: '/guide/project/category/:id', layout: 'default', title: 'projectCategory', meta: {},
    params: idParams, query: { page }, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'project', pattern: '/guide/project/:id', layout: 'default', title: 'project', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'explore', pattern: '/guide/explore', layout: 'default', title: 'explore', meta: {} }),
  def({ id: 'sector', pattern: '/guide/explore/:sector', layout: 'default', title: 'sector', meta: {},
    params: { sector: SECTORS }, reject: NOT_FOUND,
    sitemap: SECTORS.map((sector) => ({ sector })) }),
  def({ id: 'explore-item', pattern: '/guide/explore/:id', layout: 'default', title: 'explore', meta: {}, params: idParams, reject: NOT_FOUND,
    sitemap: false }),

  def({ id: 'profile', pattern: '/profile', layout: 'profile', title: 'profile', meta: { protected: true, hideAppealButton: true }, sitemap: false }),
  def({ id: 'profile-company', pattern: '/profile/company', layout: 'profile', title: 'company', meta: { protected: true, hideAppealButton: true }, sitemap: false }),
  def({ id: 'profile-password', pattern: '/profile/password', layout: 'profile', title: 'password',
    meta: { protected: true, nonResidentOnly: true, hideAppealButton: true }, sitemap: false }),
  def({ id: 'profile-my-services', pattern: '/profile/my-services', layout: 'profile', title: 'myServices',
    meta: { protected: true, residentOnly: true, hideAppealButton: true },
    sitemap: false }),
  def({ id: 'profile-appeals', pattern: '/profile/appeals/:id?', layout: 'profile', title: 'appeals',
    meta: { protected: true, hideAppealButton: true }, params: { id: optional(numeric) }, query: { page }, reject: NOT_FOUND,
    sitemap: false }),
  def({ id: 'profile-my-projects', pattern: '/profile/my-projects', layout: 'profile', title: 'myProjects', meta: { protected: true, hideAppealButton: true },
    query: { page }, reject: NOT_FOUND, sitemap: false }),
  def({ id: 'profile-project-form', pattern: '/profile/my-projects/form/:id?', layout: 'profile', title: 'projectForm',
    meta: { protected: true, hideAppealButton: true }, params: { id: optional(numeric) }, reject: NOT_FOUND,
    sitemap: false }),

  def({ id: 'page', pattern: '/:slug+', layout: 'default', title: 'page', meta: {},
    params: { slug: /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/ }, reject: NOT_FOUND,
    sitemap: false }),
] as const satisfies readonly RouteDef[]

export type RouteId = (typeof ROUTES)[number]['id']
export type Route = (typeof ROUTES)[number]

export const ROUTE_BY_ID: Readonly<Record<RouteId, RouteDef>> = Object.freeze(
  Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<RouteId, RouteDef>,
)
