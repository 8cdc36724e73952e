/**
 * Publishing (docs/gateway-contract.md#operator-content): the kinds of content as the gateway describes them (the
 * console draws its forms from these), each kind's list and items, and the answers to a save, a publish, an upload and
 * a preview. Values are keyed by column (`title_uz`, `category`) and pass through as the gateway stores them.
 */
import * as v from 'valibot'
import { LOCALES } from '../locales'
import { perLocale } from './envelope'
import { FIELD_TYPES, PUBLICATIONS } from './values'

/** A field of a kind of content. `max` and `options` are null where they do not apply. */
const ContentFieldSchema = v.looseObject({
  name: v.string(),
  type: v.picklist(FIELD_TYPES),
  required: v.boolean(),
  max: v.nullable(v.number()),
  options: v.nullable(v.array(v.string())),
  /** The field has a value per language (`{name}_uz`, `_ru`, `_en`). */
  localized: v.boolean(),
  /** A reference field: the table it chooses from, and each row named in each language. */
  ref: v.optional(
    v.looseObject({
      table: v.string(),
      choices: v.array(v.looseObject({ id: v.number(), label: perLocale(v.nullish(v.string())) })),
    }),
  ),
})
export type ContentField = v.InferOutput<typeof ContentFieldSchema>

/**
 * A kind of content: published on its own, with its parent (a post's files, a gallery's images), or reference data
 * (countries, appeal topics, categories, …), which readers see as soon as it is saved.
 */
const ContentKindSchema = v.looseObject({
  kind: v.string(),
  publishable: v.boolean(),
  reference: v.optional(v.boolean(), false),
  /** The field whose number is an item's id (a place's code): given when it is created, never changed after. */
  key: v.nullish(v.string()),
  parent: v.optional(v.string()),
  children: v.optional(v.array(v.string())),
  /** The field that names an item. */
  title_field: v.string(),
  /** The choice field the kind's list is filtered by (posts by category), or null. */
  filter: v.nullable(v.string()),
  /** Its items count the enquiries they have had, and the list can be ordered by them (`sort=interest`): projects. */
  interest: v.optional(v.boolean(), false),
  fields: v.array(ContentFieldSchema),
})
export type ContentKind = v.InferOutput<typeof ContentKindSchema>

/** `GET /core/operator/content/kinds`. */
export const ContentKindsSchema = v.looseObject({ kinds: v.array(ContentKindSchema) })

const PublicationSchema = v.picklist(PUBLICATIONS)
/** The languages in which a required localised field is empty. */
const MissingSchema = v.array(v.picklist(LOCALES))

/**
 * `GET /core/operator/content/{kind}?publication=&q=&sort=&page=`; `publication` is null for a kind not published
 * alone, `interest` (how many enquiries an item has had) for a kind that does not count them.
 */
export const ContentListSchema = v.looseObject({
  items: v.array(
    v.looseObject({
      id: v.number(),
      title: perLocale(v.nullish(v.string())),
      publication: v.nullable(PublicationSchema),
      publish_at: v.nullable(v.string()),
      updated_at: v.nullable(v.string()),
      missing: MissingSchema,
      interest: v.nullish(v.number()),
    }),
  ),
})
export type ContentListItem = v.InferOutput<typeof ContentListSchema>['items'][number]

/** An item that belongs to another (a post's file, a gallery's image, a service's process and its steps). */
export type ContentChild = { id: number; values: Record<string, unknown>; children?: Record<string, ContentChild[]> }

const ValuesSchema = v.record(v.string(), v.unknown())

const ContentChildSchema: v.GenericSchema<ContentChild> = v.looseObject({
  id: v.number(),
  values: ValuesSchema,
  children: v.optional(v.record(v.string(), v.array(v.lazy(() => ContentChildSchema)))),
})

/** `GET /core/operator/content/{kind}/{id}`: the item's values by column, and its children by kind. */
export const ContentItemSchema = v.looseObject({
  id: v.number(),
  kind: v.string(),
  publication: v.nullable(PublicationSchema),
  publish_at: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
  values: ValuesSchema,
  missing: MissingSchema,
  /** How many enquiries it has had (a project), or null. */
  interest: v.nullish(v.number()),
  children: v.record(v.string(), v.array(ContentChildSchema)),
})
export type ContentItem = v.InferOutput<typeof ContentItemSchema>

/** `POST /core/operator/content/{kind}` (201) and `PUT /core/operator/content/{kind}/{id}`: the item's id. */
export const ContentSavedSchema = v.looseObject({ id: v.number() })

/** `POST /core/operator/content/{kind}/{id}/publish`: published now, or scheduled for `publish_at`. */
export const PublishedSchema = v.looseObject({
  id: v.number(),
  publication: PublicationSchema,
  publish_at: v.string(),
})

/** `POST /core/operator/content/{kind}/{id}/unpublish`: a draft again. */
export const UnpublishedSchema = v.looseObject({ id: v.number(), publication: v.literal('draft') })

/** `DELETE /core/operator/content/{kind}/{id}`: in the bin, whence an admin restores it until `erase_after`. */
export const DeletedSchema = v.looseObject({ id: v.number(), bin_id: v.number(), erase_after: v.string() })

/** `GET /core/operator/bin?page=`: what was deleted, most recently first (docs/gateway-contract.md#operator-bin). */
export const BinSchema = v.looseObject({
  items: v.array(
    v.looseObject({
      id: v.number(),
      kind: v.string(),
      item_id: v.number(),
      title: perLocale(v.nullish(v.string())),
      deleted_at: v.string(),
      deleted_by: v.looseObject({ id: v.number(), email: v.string(), name: v.string() }),
      erase_after: v.string(),
    }),
  ),
})
export type BinItem = v.InferOutput<typeof BinSchema>['items'][number]

/** `POST /core/operator/bin/{id}/restore`: the item back in its place. */
export const RestoredSchema = v.looseObject({ kind: v.string(), id: v.number() })

/** `POST /core/operator/content/{kind}/{id}/preview`: a link per language to the portal's page, valid 30 minutes. */
export const PreviewSchema = v.looseObject({ links: perLocale(v.string()), expires_at: v.string() })

/** `POST /core/operator/content/files` (201): `ref` is what an `image` or `file` field holds. */
export const UploadedSchema = v.looseObject({
  ref: v.string(),
  url: v.string(),
  content_type: v.string(),
  size: v.number(),
  original_name: v.string(),
})

/** `PUT /core/operator/site-settings`: nothing. */
export const SiteSettingsSavedSchema = v.null()
