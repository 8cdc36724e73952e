/**
 * The kinds of content editors publish and the reference data they keep (docs/gateway-contract.md#operator-content),
 * described once: each kind's table, its fields (text in three languages, rich text, dates, numbers, choices,
 * references, images), whether it is published on its own, with its parent, or is reference data readers see as soon
 * as it is saved, where the portal shows it, what the search index holds of it, which records point at an item (a
 * delete is refused while any does) and what belongs to it (it goes to the bin and comes back with it). The operators'
 * content calls, the console's forms (which read these descriptions) and the search index all follow it.
 */

import { PROJECT_STATUSES } from '../../../../contract/gateway/statuses'
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { FieldType } from '../../../../contract/operators/values'

const LOCALIZED: ReadonlySet<FieldType> = new Set(['text', 'longtext', 'html'])

/** Whether a field of `type` has a value per language. */
export const isLocalized = (type: FieldType): boolean => LOCALIZED.has(type)

/** The table a reference field chooses from, and the localised column that names each row. */
type Ref = { table: string; label: string }

export type FieldSpec = {
  name: string
  type: FieldType
  /** Required: a draft may still be saved without a language of a localised field, never without the field at all. */
  required?: boolean
  /** Longest value in characters (per language). */
  max?: number
  options?: readonly string[]
  ref?: Ref
  /** What a `plain` value must look like (a code). */
  pattern?: RegExp
}

/** Records of `table` whose `column` points at an item; `what` names them in a refusal (docs/gateway-contract.md#operator-bin). */
export type Use = { table: string; column: string; what: string }

/** Rows of `table` that belong to an item (by `column`) without being a kind of their own, with their own such rows. */
export type Dependent = { table: string; column: string; dependents?: readonly Dependent[] }

export type KindName =
  | 'post'
  | 'post_file'
  | 'event'
  | 'story'
  | 'gallery'
  | 'gallery_image'
  | 'leader'
  | 'review'
  | 'page'
  | 'project'
  | 'service'
  | 'service_process'
  | 'service_step'
  | 'sector'
  | 'country'
  | 'region'
  | 'district'
  | 'appeal_topic'
  | 'appeal_type'
  | 'project_category'
  | 'service_category'
  | 'amount'
  | 'figure'
  | 'guide_link'

/** A row of a kind's table, as D1 answers it. */
export type KindRow = Record<string, unknown>

export type KindSpec = {
  kind: KindName
  table: string
  /** The column that identifies a row (`rowid` for a table keyed by its parent and position). */
  idColumn: string
  /** The field that names an item in lists and the audit log. */
  titleField: string
  fields: readonly FieldSpec[]
  /** Published on its own (draft, scheduled, published); otherwise it is seen with its parent, or is reference data. */
  publishable: boolean
  /** Reference data (countries, topics, categories, …): not published on its own, seen as soon as it is saved. */
  reference?: boolean
  /** The rows of the table that are this kind's, where two kinds share a table (appeal topics and their types). */
  scope?: string
  /** The kind this one belongs to, and the column naming the parent row. */
  parent?: { kind: KindName; column: string }
  children?: readonly KindName[]
  /** The table keeps a `position`: a new item goes last (a child's is its place in its parent's list). */
  positioned?: boolean
  /** The field whose number is an item's id (a place's code): given when it is created, never changed after. */
  key?: string
  /** Fields no two items of the kind may share. */
  unique?: readonly string[]
  /** Records that point at an item of the kind: removing it is refused while any does. */
  usedBy?: readonly Use[]
  /** Rows that belong to an item besides its child kinds. */
  dependents?: readonly Dependent[]
  /** The table keeps a `keywords` column, the normalised titles of this field (`keyword` list filters). */
  keywords?: string
  /** The table keeps `updated_at`. */
  updatedAt: boolean
  /** The console lists the kind filtered by this choice field (posts by category). */
  filter?: string
  /** How the console's list is ordered. */
  order: string
  /**
   * How many enquiries an item has had (docs/gateway-contract.md#operator-enquiries), as SQL over the kind's table:
   * the console shows it beside each item and on its screen, and can order the list by it (projects).
   */
  interest?: string
  /** The portal's page of an item published on its own, without the language prefix (preview links, search results). */
  path?: (row: KindRow) => string
  /** What the search index holds of an item: its kind there, the row's id there, and the fields of its text. */
  search?: (row: KindRow) => { kind: string; ref: string; body: readonly string[] } | null
}

const POST_CATEGORIES = ['news', 'publication', 'pr_material', 'blog'] as const

/** Where a content page (by slug) is on the portal: reasons and guide pages have routes of their own. */
function pagePath(slug: string): string {
  if (slug.startsWith('reason-')) return `/reason/${slug.slice(7)}`
  if (slug.startsWith('guide-')) return `/guide/${slug.slice(6)}`
  return `/${slug}`
}

const title = (max = 500): FieldSpec => ({ name: 'title', type: 'text', required: true, max })
/** A top-level item's place in its list; left empty, a new item goes last. */
const position: FieldSpec = { name: 'position', type: 'number' }
const photo: FieldSpec = { name: 'photo', type: 'image' }
const publishDate: FieldSpec = { name: 'publish_date', type: 'date', required: true }

const KINDS: readonly KindSpec[] = [
  {
    kind: 'post',
    table: 'posts',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      { name: 'category', type: 'choice', required: true, options: POST_CATEGORIES },
      publishDate,
      title(),
      { name: 'content', type: 'html', required: true, max: 100_000 },
      photo,
      { name: 'author_first_name', type: 'plain', max: 100 },
      { name: 'author_last_name', type: 'plain', max: 100 },
    ],
    publishable: true,
    children: ['post_file'],
    keywords: 'title',
    updatedAt: true,
    filter: 'category',
    order: 'publish_date DESC, id DESC',
    path: (r) => `/post/${r.id}`,
    search: (r) => ({ kind: 'posts', ref: String(r.id), body: ['content'] }),
  },
  {
    kind: 'post_file',
    table: 'post_files',
    idColumn: 'rowid',
    titleField: 'name',
    fields: [{ name: 'name', type: 'file', required: true }],
    publishable: false,
    parent: { kind: 'post', column: 'post_id' },
    positioned: true,
    updatedAt: false,
    order: 'position, rowid',
  },
  {
    kind: 'event',
    table: 'events',
    idColumn: 'id',
    titleField: 'name',
    fields: [
      { name: 'name', type: 'text', required: true, max: 500 },
      { name: 'date_from', type: 'datetime', required: true },
      { name: 'date_to', type: 'datetime', required: true },
      { name: 'time', type: 'time' },
      { name: 'location', type: 'text', required: true, max: 300 },
      { name: 'description', type: 'html', required: true, max: 100_000 },
      { name: 'agenda', type: 'longtext', max: 20_000 },
      photo,
    ],
    publishable: true,
    keywords: 'name',
    updatedAt: true,
    order: 'date_from DESC, id DESC',
    usedBy: [{ table: 'event_applications', column: 'event_id', what: 'event_applications' }],
    path: (r) => `/event/${r.id}`,
    search: (r) => ({ kind: 'events', ref: String(r.id), body: ['description'] }),
  },
  {
    kind: 'story',
    table: 'stories',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      publishDate,
      title(),
      { name: 'summary', type: 'longtext', required: true, max: 2000 },
      { name: 'content', type: 'html', required: true, max: 100_000 },
      photo,
    ],
    publishable: true,
    keywords: 'title',
    updatedAt: true,
    order: 'publish_date DESC, id DESC',
    path: (r) => `/story/${r.id}`,
    search: (r) => ({ kind: 'stories', ref: String(r.id), body: ['content'] }),
  },
  {
    kind: 'gallery',
    table: 'galleries',
    idColumn: 'id',
    titleField: 'title',
    fields: [publishDate, title(), { name: 'content', type: 'longtext', max: 5000 }],
    publishable: true,
    children: ['gallery_image'],
    keywords: 'title',
    updatedAt: true,
    order: 'publish_date DESC, id DESC',
    path: (r) => `/gallery/${r.id}`,
    search: (r) => ({ kind: 'gallery', ref: String(r.id), body: ['content'] }),
  },
  {
    kind: 'gallery_image',
    table: 'gallery_images',
    idColumn: 'rowid',
    titleField: 'caption',
    fields: [
      { name: 'name', type: 'image', required: true },
      { name: 'caption', type: 'text', max: 300 },
    ],
    publishable: false,
    parent: { kind: 'gallery', column: 'gallery_id' },
    positioned: true,
    updatedAt: false,
    order: 'position, rowid',
  },
  {
    kind: 'leader',
    table: 'leaders',
    idColumn: 'id',
    titleField: 'surname',
    fields: [
      { name: 'name', type: 'text', required: true, max: 100 },
      { name: 'surname', type: 'text', required: true, max: 100 },
      { name: 'position', type: 'text', required: true, max: 300 },
      { name: 'bio', type: 'longtext', max: 5000 },
      { name: 'working_days', type: 'text', max: 200 },
      { name: 'email', type: 'email' },
      { name: 'phone', type: 'phone' },
      photo,
    ],
    publishable: true,
    updatedAt: true,
    order: 'id',
    path: () => '/about',
  },
  {
    kind: 'review',
    table: 'reviews',
    idColumn: 'id',
    titleField: 'author',
    fields: [
      { name: 'author', type: 'text', required: true, max: 200 },
      { name: 'comment', type: 'longtext', required: true, max: 2000 },
      photo,
    ],
    publishable: true,
    updatedAt: true,
    order: 'id',
    path: () => '/',
  },
  {
    kind: 'page',
    table: 'pages',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      { name: 'slug', type: 'slug', required: true, max: 80 },
      title(),
      { name: 'content', type: 'html', required: true, max: 200_000 },
    ],
    publishable: true,
    updatedAt: true,
    unique: ['slug'],
    order: 'slug',
    usedBy: [{ table: 'guide_links', column: 'page_id', what: 'guide_links' }],
    path: (r) => pagePath(String(r.slug)),
    search: (r) => ({ kind: 'pages', ref: String(r.slug), body: ['content'] }),
  },
  {
    kind: 'project',
    table: 'projects',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      title(),
      { name: 'category_id', type: 'ref', required: true, ref: { table: 'project_categories', label: 'title' } },
      { name: 'sector_id', type: 'ref', required: true, ref: { table: 'sectors', label: 'content' } },
      { name: 'region_id', type: 'ref', required: true, ref: { table: 'regions', label: 'region' } },
      { name: 'status', type: 'choice', required: true, options: PROJECT_STATUSES },
      { name: 'budget', type: 'number', required: true },
      { name: 'content', type: 'html', required: true, max: 100_000 },
      { name: 'upload', type: 'image' },
      { name: 'icon', type: 'icon' },
      { name: 'latitude', type: 'number' },
      { name: 'longitude', type: 'number' },
      { name: 'pp', type: 'number' },
      { name: 'irr', type: 'number' },
      { name: 'npv', type: 'number' },
      { name: 'email', type: 'email' },
      { name: 'phone', type: 'phone' },
    ],
    publishable: true,
    keywords: 'title',
    updatedAt: true,
    order: 'id DESC',
    interest: '(SELECT count(*) FROM enquiries WHERE enquiries.project_id = projects.id)',
    path: (r) => `/guide/project/${r.id}`,
    search: (r) => ({ kind: 'projects', ref: String(r.id), body: ['content'] }),
  },
  {
    kind: 'service',
    table: 'services',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      title(),
      { name: 'category_id', type: 'ref', required: true, ref: { table: 'service_categories', label: 'title' } },
      { name: 'description', type: 'longtext', required: true, max: 5000 },
      { name: 'info', type: 'longtext', max: 5000 },
      { name: 'link', type: 'url' },
      { name: 'upload', type: 'image' },
      { name: 'online', type: 'bool' },
      { name: 'is_external', type: 'bool' },
    ],
    publishable: true,
    children: ['service_process'],
    keywords: 'title',
    updatedAt: true,
    order: 'id',
    usedBy: [{ table: 'project_category_services', column: 'service_id', what: 'project_categories' }],
    path: (r) => `/service/${r.id}`,
    search: (r) => ({ kind: 'services', ref: String(r.id), body: ['description', 'info'] }),
  },
  {
    kind: 'service_process',
    table: 'service_processes',
    idColumn: 'id',
    titleField: 'title',
    fields: [title(300), { name: 'description', type: 'longtext', max: 5000 }, { name: 'icon', type: 'icon' }],
    publishable: false,
    parent: { kind: 'service', column: 'service_id' },
    children: ['service_step'],
    positioned: true,
    updatedAt: false,
    order: 'position, id',
  },
  {
    kind: 'service_step',
    table: 'service_steps',
    idColumn: 'id',
    titleField: 'title',
    fields: [title(300), { name: 'content', type: 'html', max: 100_000 }, { name: 'upload', type: 'image' }],
    publishable: false,
    parent: { kind: 'service_process', column: 'process_id' },
    positioned: true,
    updatedAt: false,
    order: 'position, id',
    // A step's document groups and accordions, and the documents of each.
    dependents: [
      { table: 'step_groups', column: 'step_id', dependents: [{ table: 'documents', column: 'group_id' }] },
      { table: 'step_accordions', column: 'step_id', dependents: [{ table: 'documents', column: 'accordion_id' }] },
    ],
  },
  {
    // A sector is one record (docs/gateway-contract.md#guide): its name (`content`), the line its card shows and its
    // page, at `/guide/explore/{slug}`.
    kind: 'sector',
    table: 'sectors',
    idColumn: 'id',
    titleField: 'content',
    fields: [
      { name: 'slug', type: 'slug', required: true, max: 80 },
      { name: 'content', type: 'text', required: true, max: 200 },
      { name: 'tagline', type: 'text', max: 300 },
      { name: 'page', type: 'html', max: 200_000 },
      position,
    ],
    publishable: true,
    positioned: true,
    keywords: 'content',
    updatedAt: true,
    unique: ['slug'],
    order: 'position, id',
    usedBy: [
      { table: 'projects', column: 'sector_id', what: 'catalogue_projects' },
      { table: 'personal_projects', column: 'sector_id', what: 'investor_projects' },
    ],
    path: (r) => `/guide/explore/${r.slug}`,
    search: (r) => ({ kind: 'sectors', ref: String(r.slug), body: ['tagline', 'page'] }),
  },

  // Reference data (docs/gateway-contract.md#operator-content): seen by readers as soon as it is saved.
  {
    // A country's id is its ISO 3166-1 numeric code (docs/operations.md#reference-catalogues).
    kind: 'country',
    table: 'countries',
    idColumn: 'id',
    titleField: 'country',
    fields: [
      { name: 'code', type: 'plain', required: true, max: 2, pattern: /^[A-Z]{2}$/ },
      { name: 'numeric', type: 'plain', required: true, max: 3, pattern: /^\d{3}$/ },
      { name: 'country', type: 'text', required: true, max: 100 },
    ],
    publishable: false,
    reference: true,
    key: 'numeric',
    unique: ['code'],
    keywords: 'country',
    updatedAt: false,
    order: 'code',
    usedBy: [
      { table: 'profiles', column: 'country_id', what: 'profiles' },
      { table: 'investor_registrations', column: 'country_id', what: 'registrations' },
      { table: 'event_applications', column: 'country_id', what: 'event_applications' },
    ],
  },
  {
    // A region's and a district's id is its SOATO code (docs/operations.md#reference-catalogues).
    kind: 'region',
    table: 'regions',
    idColumn: 'id',
    titleField: 'region',
    fields: [
      { name: 'code', type: 'plain', required: true, max: 4, pattern: /^\d{4}$/ },
      { name: 'region', type: 'text', required: true, max: 100 },
    ],
    publishable: false,
    reference: true,
    children: ['district'],
    key: 'code',
    unique: ['code'],
    keywords: 'region',
    updatedAt: false,
    order: 'code',
    usedBy: [
      { table: 'profiles', column: 'region_id', what: 'profiles' },
      { table: 'appeals', column: 'region_id', what: 'appeals' },
      { table: 'projects', column: 'region_id', what: 'catalogue_projects' },
      { table: 'personal_projects', column: 'region_id', what: 'investor_projects' },
      { table: 'eauction_lots', column: 'region_id', what: 'lots' },
      { table: 'territories', column: 'region_id', what: 'territories' },
    ],
  },
  {
    kind: 'district',
    table: 'districts',
    idColumn: 'id',
    titleField: 'name',
    fields: [
      { name: 'mhobt', type: 'plain', required: true, max: 7, pattern: /^\d{7}$/ },
      { name: 'name', type: 'text', required: true, max: 100 },
    ],
    publishable: false,
    parent: { kind: 'region', column: 'region_id' },
    key: 'mhobt',
    unique: ['mhobt'],
    keywords: 'name',
    updatedAt: false,
    order: 'mhobt',
  },
  {
    kind: 'appeal_topic',
    table: 'appeal_topics',
    idColumn: 'id',
    titleField: 'title',
    scope: 'parent_id IS NULL',
    fields: [title(200), position],
    publishable: false,
    reference: true,
    children: ['appeal_type'],
    positioned: true,
    updatedAt: false,
    order: 'position, id',
    usedBy: [{ table: 'appeals', column: 'topic_id', what: 'appeals' }],
  },
  {
    kind: 'appeal_type',
    table: 'appeal_topics',
    idColumn: 'id',
    titleField: 'title',
    fields: [title(200)],
    publishable: false,
    parent: { kind: 'appeal_topic', column: 'parent_id' },
    positioned: true,
    updatedAt: false,
    order: 'position, id',
    usedBy: [{ table: 'appeals', column: 'type_id', what: 'appeals' }],
  },
  {
    kind: 'project_category',
    table: 'project_categories',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      title(300),
      { name: 'description', type: 'longtext', max: 2000 },
      { name: 'upload', type: 'image' },
      { name: 'icon', type: 'icon' },
      position,
    ],
    publishable: false,
    reference: true,
    positioned: true,
    keywords: 'title',
    updatedAt: true,
    order: 'position, id',
    usedBy: [
      { table: 'projects', column: 'category_id', what: 'catalogue_projects' },
      { table: 'personal_projects', column: 'category_id', what: 'investor_projects' },
    ],
    // The services a category links to belong to it.
    dependents: [{ table: 'project_category_services', column: 'category_id' }],
  },
  {
    kind: 'service_category',
    table: 'service_categories',
    idColumn: 'id',
    titleField: 'title',
    fields: [
      title(300),
      { name: 'description', type: 'longtext', max: 2000 },
      { name: 'parent_id', type: 'ref', ref: { table: 'service_categories', label: 'title' } },
      { name: 'icon', type: 'icon' },
      position,
    ],
    publishable: false,
    reference: true,
    positioned: true,
    updatedAt: true,
    order: 'position, id',
    usedBy: [
      { table: 'services', column: 'category_id', what: 'services' },
      { table: 'service_categories', column: 'parent_id', what: 'service_categories' },
    ],
  },
  {
    // A budget range of the projects catalogue's filter: from (inclusive) to (exclusive; empty: no upper bound).
    kind: 'amount',
    table: 'amounts',
    idColumn: 'id',
    titleField: 'content',
    fields: [
      { name: 'content', type: 'text', required: true, max: 100 },
      { name: 'amount_from', type: 'number', required: true },
      { name: 'amount_to', type: 'number' },
    ],
    publishable: false,
    reference: true,
    updatedAt: false,
    order: 'amount_from, id',
  },
  {
    // A key figure of the home page (docs/gateway-contract.md#site-settings).
    kind: 'figure',
    table: 'key_figures',
    idColumn: 'id',
    titleField: 'label',
    fields: [
      { name: 'label', type: 'text', required: true, max: 100 },
      { name: 'value', type: 'number', required: true },
      { name: 'unit', type: 'text', max: 30 },
      { name: 'source', type: 'text', max: 200 },
      position,
    ],
    publishable: false,
    reference: true,
    positioned: true,
    updatedAt: true,
    order: 'position, id',
  },
  {
    // A link of the investor guide (menu and footer) to a content page (docs/gateway-contract.md#site-settings).
    kind: 'guide_link',
    table: 'guide_links',
    idColumn: 'id',
    titleField: 'label',
    fields: [
      { name: 'label', type: 'text', required: true, max: 100 },
      { name: 'page_id', type: 'ref', required: true, ref: { table: 'pages', label: 'title' } },
      position,
    ],
    publishable: false,
    reference: true,
    positioned: true,
    updatedAt: true,
    order: 'position, id',
  },
]

export const KIND_NAMES = KINDS.map((k) => k.kind) as readonly KindName[]

const BY_NAME = new Map(KINDS.map((k) => [k.kind, k]))

/** The description of `kind`, or null for a name that is none. */
export function kindOf(kind: string): KindSpec | null {
  return BY_NAME.get(kind as KindName) ?? null
}

/** Every kind that is published on its own. */
export const PUBLISHABLE_KINDS = KINDS.filter((k) => k.publishable)

/** Every kind an item of which stands on its own (published, or reference data): the ones with lists and screens. */
export const TOP_LEVEL_KINDS = KINDS.filter((k) => !k.parent)

/** The columns of a field: one per language for localised ones. */
export function columnsOf(field: FieldSpec, langs: readonly Locale[]): string[] {
  return isLocalized(field.type) ? langs.map((l) => `${field.name}_${l}`) : [field.name]
}

/** Every column of a kind's fields. */
export function kindColumns(spec: KindSpec): string[] {
  return spec.fields.flatMap((f) => columnsOf(f, LOCALES))
}
