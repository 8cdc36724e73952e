/**
 * Payloads of the signed-in area: the profile (docs/gateway-contract.md#profile), notifications
 * (docs/gateway-contract.md#notifications), appeals (docs/gateway-contract.md#appeals), personal projects and
 * services (docs/gateway-contract.md#personal).
 */
import * as v from 'valibot'
import { CHANNELS, NOTIFICATION_TOPICS } from './channels'
import { GatewayFileSchema, IdSchema, LocaleTextSchema, NumberLikeSchema, RegionSchema } from './common'

/** The role's own record (`profile[profile.role]`); the pages show what is there. */
const ProfileRecordSchema = v.looseObject({
  id: v.nullish(IdSchema),
  name: v.nullish(v.string()),
  surname: v.nullish(v.string()),
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
  company_name: v.nullish(v.string()),
  website: v.nullish(v.string()),
  region: v.nullish(RegionSchema),
})
export type ProfileRecord = v.InferOutput<typeof ProfileRecordSchema>

/** `GET /core/profile`: the guards decide on `is_resident`; the pages read `profile[profile.role]`. */
export const ProfileSchema = v.looseObject({
  email: v.nullish(v.string()),
  role: v.nullish(v.picklist(['investor', 'businessmen'])),
  is_resident: v.boolean(),
  investor: v.nullish(ProfileRecordSchema),
  businessmen: v.nullish(ProfileRecordSchema),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/**
 * `POST /core/auth/login` and `POST /core/auth` (docs/gateway-contract.md#auth): the new session's token, the device
 * token (sign-in only) and the profile; an empty answer is a failed sign-in.
 */
const SignedInSchema = v.nullish(
  v.looseObject({ token: v.string(), device: v.nullish(v.string()), profile: v.nullish(ProfileSchema) }),
)
export type SignedIn = v.InferOutput<typeof SignedInSchema>

/**
 * `GET /core/account/sessions`: a live session of the signed-in person (docs/gateway-contract.md#sessions): the browser
 * and system of its sign-in, the coarse place it came from (an ISO country code, a city), and whether it is this one.
 */
export const SessionSchema = v.looseObject({
  id: v.number(),
  browser: v.nullable(v.string()),
  os: v.nullable(v.string()),
  country: v.nullable(v.string()),
  city: v.nullable(v.string()),
  created_at: v.string(),
  last_used_at: v.string(),
  current: v.boolean(),
})
export type AccountSession = v.InferOutput<typeof SessionSchema>

/**
 * `GET /core/account/export`: the person's download of their data (docs/gateway-contract.md#data-export), or null when
 * none is on offer; `download_link` while it is ready.
 */
export const DataExportSchema = v.nullable(
  v.looseObject({
    id: v.number(),
    state: v.picklist(['pending', 'ready', 'failed']),
    created_at: v.string(),
    ready_at: v.nullable(v.string()),
    expires_at: v.nullable(v.string()),
    size: v.nullable(v.number()),
    download_link: v.nullable(v.string()),
  }),
)
export type DataExport = v.InferOutput<typeof DataExportSchema>

/** `GET /siw/notification`: one item of the bell. */
export const NotificationSchema = v.looseObject({
  id: IdSchema,
  message: v.string(),
  type: v.string(),
  link: v.nullish(v.string()),
  seen: v.boolean(),
  created: v.string(),
})
export type Notification = v.InferOutput<typeof NotificationSchema>

const APPEAL_STATUS_VALUES = ['in_moderation', 'reviewed', 'resolved', 'not_resolved'] as const

const TitledSchema = v.looseObject({ id: IdSchema, title: v.string() })

/** An appeal: its status decides what the page offers (reply and resolve only while `reviewed`). */
export const AppealSchema = v.looseObject({
  id: IdSchema,
  topic: v.nullish(TitledSchema),
  type: v.nullish(TitledSchema),
  region: v.nullish(RegionSchema),
  status: v.picklist(APPEAL_STATUS_VALUES),
  reject_reason: v.nullish(v.string()),
  resolve_reason: v.nullish(v.string()),
  text: v.string(),
  createdAt: v.string(),
})
export type Appeal = v.InferOutput<typeof AppealSchema>

/** `GET /siw/appeal/response`: one message of an appeal's thread. */
export const AppealResponseSchema = v.looseObject({
  id: IdSchema,
  admin: v.nullish(v.string()),
  created: v.string(),
  response: v.string(),
  owner: v.nullish(v.boolean()),
})
export type AppealResponse = v.InferOutput<typeof AppealResponseSchema>

/** `GET /siw/public/appeal-type`: a type, under its topic. */
export const AppealTypeSchema = v.looseObject({ id: IdSchema, title: v.string(), parent_id: v.nullish(IdSchema) })

/** `GET /siw/public/appeal-topic`: topics, each with its types as `children`. */
export const AppealTopicSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  children: v.nullish(v.array(AppealTypeSchema)),
})
export type AppealTopic = v.InferOutput<typeof AppealTopicSchema>

const PROJECT_STATE_VALUES = ['pending', 'approved', 'rejected'] as const

/** A personal project as the list and the form read it: per-language texts, budget rows and moderation state. */
export const PersonalProjectSchema = v.looseObject({
  id: IdSchema,
  title: LocaleTextSchema,
  content: LocaleTextSchema,
  category_id: v.nullish(IdSchema),
  sector_id: v.nullish(IdSchema),
  region_id: v.nullish(IdSchema),
  budget: v.number(),
  status: v.nullish(v.string()),
  latitude: v.nullish(NumberLikeSchema),
  longitude: v.nullish(NumberLikeSchema),
  phone: v.nullish(v.string()),
  email: v.nullish(v.string()),
  /** Cash-flow rows; a row's id is a number, as the form sends it back to update or delete the row. */
  budgets: v.array(v.looseObject({ id: v.number(), sum: v.number() })),
  state: v.picklist(PROJECT_STATE_VALUES),
  reject_reason: v.nullish(v.string()),
  draft: v.boolean(),
  visible: v.nullish(v.boolean()),
  upload: v.nullish(GatewayFileSchema),
  presentation: v.nullish(
    v.looseObject({
      en: v.nullish(GatewayFileSchema),
      ru: v.nullish(GatewayFileSchema),
      uz: v.nullish(GatewayFileSchema),
    }),
  ),
  createdAt: v.string(),
})
export type PersonalProject = v.InferOutput<typeof PersonalProjectSchema>

/** A field of a personal service's form; an unknown `type` is shown as a text field. */
const ServiceParamSchema = v.looseObject({
  key: v.string(),
  title: v.string(),
  type: v.string(),
  required: v.boolean(),
})

/** `GET /siw/personal/service`: a service the user can run through its `link` with `params`. */
export const PersonalServiceSchema = v.looseObject({
  id: IdSchema,
  title: v.string(),
  description: v.nullish(v.string()),
  link: v.string(),
  params: v.array(ServiceParamSchema),
  body: v.nullish(v.array(v.unknown())),
})
export type PersonalService = v.InferOutput<typeof PersonalServiceSchema>

/** A personal service's answer (its `link` called with its `params`): one page of the records found. */
const ServiceResultSchema = v.looseObject({
  count: v.number(),
  data: v.array(v.record(v.string(), v.unknown())),
  size: v.number(),
  max_page: v.number(),
})
export type ServiceResult = v.InferOutput<typeof ServiceResultSchema>

const ChannelChoiceSchema = v.looseObject(
  Object.fromEntries(CHANNELS.map((channel) => [channel, v.boolean()])) as Record<
    (typeof CHANNELS)[number],
    v.BooleanSchema<undefined>
  >,
)

/**
 * `GET /core/profile/notifications` (docs/gateway-contract.md#notification-choices): per topic, whether mail and push
 * tell the person of it. `PUT` takes the same shape whole and answers it.
 */
export const NotificationChoicesSchema = v.looseObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, ChannelChoiceSchema])) as Record<
    (typeof NOTIFICATION_TOPICS)[number],
    typeof ChannelChoiceSchema
  >,
)
export type NotificationChoices = v.InferOutput<typeof NotificationChoicesSchema>

/** `POST /core/mail/unsubscribe`: the topic whose mail the link turned off. */
const UnsubscribedSchema = v.looseObject({ topic: v.string() })
export type Unsubscribed = v.InferOutput<typeof UnsubscribedSchema>
