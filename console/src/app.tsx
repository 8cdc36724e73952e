/**
 * The operator console (docs/architecture.md#operator-console): a Hono app that renders each screen on the server
 * with React and posts every action as a plain form, answered with a redirect (303) or the page again with its errors.
 * Order: request id and log line, security headers, the language from the path, same-origin writes, the operator
 * (Access token and gateway), the section's role; then the screen.
 */
import { type Context, Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement } from 'react'
import * as v from 'valibot'
import { SiteSettingsSchema } from '../../contract/gateway/site'
import { isLocale, type Locale } from '../../contract/locales'
import { AuditLogSchema } from '../../contract/operators/audit'
import {
  ContentItemSchema,
  type ContentKind,
  ContentKindsSchema,
  ContentListSchema,
  ContentSavedSchema,
  PreviewSchema,
  PublishedSchema,
  SiteSettingsSavedSchema,
  UnpublishedSchema,
  UploadedSchema,
} from '../../contract/operators/content'
import { InboxExportSchema, InboxHandledSchema, InboxItemSchema, InboxListSchema } from '../../contract/operators/inbox'
import { MailListSchema, MailResentSchema } from '../../contract/operators/mail'
import {
  AppealDecisionSchema,
  AppealDetailSchema,
  AppealListSchema,
  type ModerationCounts,
  OverviewSchema,
  ProjectDecisionSchema,
  ProjectDetailSchema,
  ProjectListSchema,
  RegistrationDecisionSchema,
  RegistrationDetailSchema,
  RegistrationListSchema,
} from '../../contract/operators/moderation'
import { OperatorListSchema, OperatorRemovedSchema, OperatorSchema } from '../../contract/operators/operators'
import {
  APPEAL_STATUSES,
  DECISION_STATES,
  INBOX_HANDLED,
  INBOX_KINDS,
  MAIL_STATUSES,
  OPERATOR_ROLES,
} from '../../contract/operators/values'
import { handleErrors } from '../../platform/errors'
import { logRequests } from '../../platform/request-log'
import type { Translate } from '../../shared/i18n'
import { requireOperator, requireSection } from './access'
import { type Answer, type Failure, gatewayFor } from './api'
import type { ConsoleEnv } from './context'
import { translateCode, translator } from './i18n'
import { paths } from './paths'
import { renderRefusal } from './refusal'
import { renderPage } from './render'
import { fieldAt, readMultipart, saveOf } from './sections/content/form'
import { UPLOAD_PROGRESS_SCRIPT } from './sections/content/upload-progress'
import {
  ContentHome,
  ContentList,
  columnLabel,
  fromLocalTime,
  ItemRecord,
  type ItemState,
  kindName,
  NewItem,
  NO_ITEM_STATE,
  PUBLICATIONS,
  SiteSettingsForm,
  SOCIAL_ROWS,
  titleOfValues,
} from './sections/content/views'
import { toCsv } from './sections/inbox/csv'
import { INBOX_COLUMNS, InboxList, InboxRecord } from './sections/inbox/views'
import { MailList } from './sections/mail/views'
import {
  AppealList,
  AppealRecord,
  type FormState,
  NO_FORM_STATE,
  Overview,
  ProjectList,
  ProjectRecord,
  RegistrationList,
  RegistrationRecord,
} from './sections/moderation/views'
import { Audit, type AuditQuery, Operators } from './sections/operators/views'
import { type FormProblem, Layout, type Section } from './ui'

type Ctx = Context<ConsoleEnv>

/** The confirmations a redirect after a form may ask the next page to show (`?done=`). */
const NOTICES = [
  'replied',
  'appealRejected',
  'projectApproved',
  'projectRejected',
  'registrationApproved',
  'registrationRejected',
  'handled',
  'reopened',
  'operatorAdded',
  'roleChanged',
  'operatorRemoved',
  'created',
  'saved',
  'published',
  'scheduled',
  'unpublished',
  'settingsSaved',
  'mailResent',
  'mailResentLink',
] as const
type Notice = (typeof NOTICES)[number]

const withNotice = (path: string, notice: Notice) => `${path}${path.includes('?') ? '&' : '?'}done=${notice}`

/** What waits in the moderation areas, for an operator whose role reaches them. */
function readCounts(c: Ctx): Promise<Answer<ModerationCounts | null>> | null {
  return c.get('operator').areas.includes('moderation')
    ? gatewayFor(c).get('/core/operator/overview', OverviewSchema)
    : null
}

/** Renders `body` in the console's frame, with the counts beside the sections and the notice a redirect asked for. */
async function renderScreen(
  c: Ctx,
  status: ContentfulStatusCode,
  section: Section,
  title: string,
  body: ReactElement,
  known?: Answer<ModerationCounts | null> | null,
  script?: string,
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const counts = known === undefined ? await readCounts(c) : known
  const done = c.req.query('done')
  const notice = done && (NOTICES as readonly string[]).includes(done) ? t(`notices.${done}`) : null
  return renderPage(c, status, {
    script,
    title: `${title} · ${t('app.name')}`,
    body: (
      <Layout
        t={t}
        lang={lang}
        path={c.req.path}
        operator={c.get('operator')}
        section={section}
        title={title}
        counts={counts?.ok ? counts.content : null}
        notice={notice}
      >
        {body}
      </Layout>
    ),
  })
}

/** A failed gateway call as a page: 404 for a record that is not there, the error page otherwise. */
function renderFailure(c: Ctx, answer: Failure): Promise<Response> {
  if (answer.status === 404) return renderRefusal(c, 404, 'not_found')
  if (answer.status === 403) return renderRefusal(c, 403, 'role')
  if (answer.status === 422) return renderRefusal(c, 400, 'bad_request')
  return renderRefusal(c, 502, 'unavailable')
}

/** The form's fields as strings (files are ignored: no console form takes one). */
async function readFields(c: Ctx): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}))
  return Object.fromEntries(
    Object.entries(body).flatMap(([k, val]) => (typeof val === 'string' ? [[k, val]] : [])),
  ) as Record<string, string>
}

const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
const ReplyForm = v.object({ reply: trimmed(5000) })
const ReasonForm = v.object({ reason: trimmed(2000) })
const OperatorForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email()),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  role: v.picklist(OPERATOR_ROLES),
})
const RoleForm = v.object({ role: v.picklist(OPERATOR_ROLES) })
const HandledForm = v.object({ handled: v.picklist(['true', 'false']) })

/**
 * Checks a form against its schema: its output, or the problem naming each bad field (`ids` maps a field to its
 * element, for the error summary's links).
 */
function checkForm<S extends v.GenericSchema>(
  t: Translate,
  schema: S,
  values: Record<string, string>,
  ids: Record<string, string>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; problem: FormProblem } {
  const parsed = v.safeParse(schema, values)
  if (parsed.success) return { ok: true, output: parsed.output }
  const fields = [...new Set(parsed.issues.map((i) => v.getDotPath(i) ?? ''))]
  return {
    ok: false,
    problem: {
      message: null,
      fields: fields.map((f) => ({
        id: ids[f] ?? f,
        message: t(values[f]?.trim() ? `form.invalid.${f}` : `form.missing.${f}`),
      })),
    },
  }
}

/** A record's page drawn with a form's state (`showAppeal`, `showProject`, `showRegistration`). */
type ShowRecord = (c: Ctx, status: ContentfulStatusCode, state: FormState) => Promise<Response>

/**
 * A decision posted from a record's page: its form checked against `schema` (a decision without fields has none),
 * sent to the operators' API at `call`, then the record reloaded with its notice, or drawn again by `show` with the
 * refusal beside its fields and what was typed kept.
 */
async function decide(
  c: Ctx,
  d: {
    form: string
    call: string
    /** The answer's schema in the operators' contract. */
    answer: v.GenericSchema
    show: ShowRecord
    done: string
    notice: Notice
    schema?: v.GenericSchema
    ids?: Record<string, string>
  },
): Promise<Response> {
  const t = translator(c.get('lang'))
  const ids = d.ids ?? {}
  const values = d.schema ? await readFields(c) : {}
  let body: Record<string, unknown> | undefined
  if (d.schema) {
    const checked = checkForm(t, d.schema, values, ids)
    if (!checked.ok) return d.show(c, 422, { problem: checked.problem, values, form: d.form })
    body = checked.output as Record<string, unknown>
  }
  const answer = await gatewayFor(c).post(d.call, d.answer, body)
  if (!answer.ok)
    return d.show(c, answer.status as ContentfulStatusCode, {
      problem: problemOf(t, answer, ids),
      values,
      form: d.form,
    })
  return c.redirect(withNotice(d.done, d.notice), 303)
}

/** A gateway refusal of a form as the form's problem, naming the fields the gateway named. */
function problemOf(t: Translate, answer: { code: string; errors: string[] }, ids: Record<string, string>): FormProblem {
  const code =
    answer.code === 'identifier_taken' && answer.errors[0] ? `identifier_taken_${answer.errors[0]}` : answer.code
  return {
    message: translateCode(t, code),
    fields: answer.errors.filter((f) => ids[f]).map((f) => ({ id: ids[f]!, message: t(`form.invalid.${f}`) })),
  }
}

const isInboxKind = (kind: string) => kind === 'contact' || kind === 'event'
const idOf = (c: Ctx) => Number(c.req.param('id'))
const pageOf = (c: Ctx) => {
  const page = Number(c.req.query('page') ?? 0)
  return Number.isInteger(page) && page >= 0 && page < 100_000 ? page : 0
}
const pick = <T extends string>(value: string | undefined, allowed: readonly T[]): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : allowed[0]!

// Screens

async function showAppeal(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/appeals/${idOf(c)}`, AppealDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const appeal = answer.content
  return renderScreen(
    c,
    status,
    'appeals',
    t('appeals.title', { id: appeal.id }),
    <AppealRecord t={t} lang={lang} appeal={appeal} state={state} />,
  )
}

async function showProject(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/projects/${idOf(c)}`, ProjectDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const project = answer.content
  const title = project.title[lang] || project.title.en || project.title.ru || project.title.uz
  return renderScreen(
    c,
    status,
    'projects',
    title || t('projects.untitled', { id: project.id }),
    <ProjectRecord t={t} lang={lang} project={project} state={state} />,
  )
}

async function showRegistration(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/registrations/${idOf(c)}`, RegistrationDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(
    c,
    status,
    'registrations',
    t('registrations.title', { id: answer.content.id }),
    <RegistrationRecord t={t} lang={lang} registration={answer.content} state={state} />,
  )
}

async function showInboxItem(c: Ctx, status: ContentfulStatusCode, problem: FormProblem | null): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const kind = c.req.param('kind') as 'contact' | 'event'
  const answer = await gatewayFor(c).get(`/core/operator/inbox/${kind}/${idOf(c)}`, InboxItemSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(
    c,
    status,
    'inbox',
    t(`inbox.itemTitle.${kind}`, { id: answer.content.id }),
    <InboxRecord t={t} lang={lang} item={answer.content} problem={problem} />,
  )
}

/** The mail screen: the list of `?status=` (failed by default), and the refusal of a resend when there was one. */
async function showMail(c: Ctx, status: ContentfulStatusCode, problem: FormProblem | null): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const shown = pick(c.req.query('status'), MAIL_STATUSES)
  const answer = await gatewayFor(c).get('/core/operator/mail', MailListSchema, { status: shown, page: pageOf(c) })
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(
    c,
    status,
    'mail',
    t('mail.title'),
    <MailList t={t} lang={lang} list={answer.content} pageable={answer.pageable} problem={problem} />,
  )
}

/** How many mails failed, for an admin's overview; null for other roles or when the gateway does not answer. */
async function readFailedMail(c: Ctx): Promise<number | null> {
  if (!c.get('operator').areas.includes('admin')) return null
  const answer = await gatewayFor(c).get('/core/operator/mail', MailListSchema, { size: 1 })
  return answer.ok ? answer.content.counts.failed : null
}

async function showOperators(
  c: Ctx,
  status: ContentfulStatusCode,
  problem: FormProblem | null,
  values: Record<string, string> = {},
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get('/core/operator/operators', OperatorListSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(
    c,
    status,
    'operators',
    t('operators.title'),
    <Operators t={t} lang={lang} me={c.get('operator')} operators={answer.content} problem={problem} values={values} />,
  )
}

// Content (docs/architecture.md#content-screens)

type Kinds = { list: ContentKind[]; byName: Map<string, ContentKind> }

/** The kinds of content as the gateway describes them: the forms are drawn from these. */
async function readKinds(c: Ctx): Promise<Answer<Kinds>> {
  const answer = await gatewayFor(c).get('/core/operator/content/kinds', ContentKindsSchema)
  if (!answer.ok) return answer
  const list = answer.content.kinds
  return { ok: true, content: { list, byName: new Map(list.map((k) => [k.kind, k])) }, pageable: null }
}

/** The gateway's refusal of an item's values: each field's message beside it, and the summary's links to them. */
function contentProblem(
  t: Translate,
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  answer: { code: string; errors: string[]; fieldCodes?: Record<string, string> },
  formName: (path: string) => string = (path) => path,
): { problem: FormProblem; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  for (const path of answer.errors) {
    const key = `content.errors.${answer.fieldCodes?.[path] ?? 'invalid'}`
    const text = t(key)
    errors[formName(path)] = text === key ? t('content.errors.invalid') : text
  }
  return {
    errors,
    problem: {
      message: translateCode(t, answer.code),
      fields: Object.entries(errors).map(([name, message]) => {
        const [owner, col] = fieldAt(kind, kinds, name)
        const label = columnLabel(t, owner, col)
        return {
          id: `f-${name}`,
          message: `${owner === kind ? label : `${kindName(t, owner.kind)}, ${label}`}: ${message}`,
        }
      }),
    },
  }
}

/** A refused save's status: 422 for what the editor can fix, 502 when the gateway failed (the form is kept either way). */
const saveStatus = (why: { status: number }): ContentfulStatusCode => (why.status >= 500 ? 502 : 422)

/** Why a save was refused: the upload's checks, or the gateway's answer. */
type SaveRefusal = { status: number; code: string; errors: string[]; fieldCodes?: Record<string, string> }

/** A content form sent to be saved: its kind, its fields and files (new files already in R2), and what it sends. */
type ContentSave = {
  lang: Locale
  t: Translate
  kind: ContentKind
  kinds: Map<string, ContentKind>
  fields: Record<string, string>
  refused: SaveRefusal | null
  body: Record<string, unknown>
  formName: (path: string) => string
}

/** Reads a new or edited item's form and uploads its files; a Response when there is no such kind to save. */
async function readContentSave(c: Ctx): Promise<ContentSave | Response> {
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  const form = await readMultipart(c)
  const refused = await uploadFiles(c, kind, kinds, form)
  const { body, formName } = saveOf(kind, kinds, form.fields)
  const lang = c.get('lang')
  return { lang, t: translator(lang), kind, kinds, fields: form.fields, refused, body, formName }
}

/** The form drawn again by `show` with why its save was refused, each error beside its field, everything typed kept. */
function showRefusedSave(c: Ctx, save: ContentSave, why: SaveRefusal, show: typeof showNewItem): Promise<Response> {
  const { problem, errors } = contentProblem(save.t, save.kind, save.kinds, why, save.formName)
  return show(c, saveStatus(why), { ...NO_ITEM_STATE, values: save.fields, errors, problem, form: 'save' })
}

/**
 * Sends the form's new files to R2 through the gateway (an image's or a file's checks by the field's type); each
 * file's reference replaces its field's value, and a removed file's field is emptied. The refusals, by field.
 */
async function uploadFiles(
  c: Ctx,
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  form: { fields: Record<string, string>; files: Record<string, File> },
): Promise<{ status: number; code: string; errors: string[]; fieldCodes: Record<string, string> } | null> {
  for (const [key, value] of Object.entries(form.fields))
    if (key.startsWith('remove.') && value === 'true') form.fields[key.slice(7)] = ''
  const fieldCodes: Record<string, string> = {}
  const api = gatewayFor(c)
  for (const [key, file] of Object.entries(form.files)) {
    if (!key.startsWith('file.')) continue
    const name = key.slice(5)
    const [owner, col] = fieldAt(kind, kinds, name)
    const field = owner.fields.find((f) => f.name === col)
    if (field?.type !== 'image' && field?.type !== 'file') continue
    const answer = await api.upload('/core/operator/content/files', UploadedSchema, file, { type: field.type })
    if (answer.ok) form.fields[name] = answer.content.ref
    else fieldCodes[name] = answer.code
  }
  const errors = Object.keys(fieldCodes)
  return errors.length ? { status: 422, code: 'validation_error', errors, fieldCodes } : null
}

/** The publishable kind the address names, with every kind's description; a Response when there is none. */
async function kindOfRequest(c: Ctx): Promise<{ kind: ContentKind; kinds: Map<string, ContentKind> } | Response> {
  const kinds = await readKinds(c)
  if (!kinds.ok) return renderFailure(c, kinds)
  const kind = kinds.content.byName.get(c.req.param('kind') ?? '')
  if (!kind?.publishable) return renderRefusal(c, 404, 'not_found')
  return { kind, kinds: kinds.content.byName }
}

async function showContentItem(c: Ctx, status: ContentfulStatusCode, state: ItemState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  const answer = await gatewayFor(c).get(`/core/operator/content/${kind.kind}/${idOf(c)}`, ContentItemSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const item = answer.content
  const title = titleOfValues(lang, kind, item.values) || t('content.untitled', { id: item.id })
  return renderScreen(
    c,
    status,
    'content',
    `${kindName(t, kind.kind)}: ${title}`,
    <ItemRecord t={t} lang={lang} kind={kind} kinds={kinds} item={item} state={state} />,
    null,
    UPLOAD_PROGRESS_SCRIPT,
  )
}

async function showNewItem(c: Ctx, status: ContentfulStatusCode, state: ItemState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  return renderScreen(
    c,
    status,
    'content',
    t('content.newTitle', { kind: kindName(t, kind.kind) }),
    <NewItem t={t} lang={lang} kind={kind} kinds={kinds} state={state} />,
    null,
    UPLOAD_PROGRESS_SCRIPT,
  )
}

/** The agency's contacts as the form shows them: the portal's public call in each language. */
async function showSiteSettings(
  c: Ctx,
  status: ContentfulStatusCode,
  problem: FormProblem | null,
  typed?: Record<string, string>,
): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  let values = typed
  if (!values) {
    const api = gatewayFor(c)
    const answers = await Promise.all(
      (['uz', 'ru', 'en'] as const).map((l) => api.get('/siw/public/site-settings', SiteSettingsSchema, { lang: l })),
    )
    const failed = answers.find((a) => !a.ok)
    if (failed && !failed.ok) return renderFailure(c, failed)
    const [uz, ru, en] = answers.map((a) => (a.ok ? a.content : null))
    values = {
      phone: en?.phone ?? '',
      email: en?.email ?? '',
      map_url: en?.map_url ?? '',
      // The public call stands another language in for a missing address; the same text twice is that stand-in.
      address_uz: uz?.address ?? '',
      address_ru: ru?.address ?? '',
      address_en: en?.address ?? '',
    }
    en?.socials?.forEach((s, i) => {
      values![`network_${i}`] = s.network
      values![`social_${i}`] = s.url
    })
  }
  return renderScreen(
    c,
    status,
    'content',
    t('content.siteSettings.title'),
    <SiteSettingsForm t={t} lang={lang} values={values} problem={problem} />,
    null,
  )
}

/** The language a visitor of `/` gets: the first of theirs the console speaks, else English. */
function negotiate(header: string | undefined): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2)
    if (isLocale(tag)) return tag
  }
  return 'en'
}

/** The console's app. */
export function createConsoleApp() {
  const app = new Hono<ConsoleEnv>()

  // One JSON line per request: the path, never the query (searches name applicants) or a body.
  app.use(requestId(), logRequests<ConsoleEnv>({ fields: (c) => ({ operator: c.get('operator')?.id ?? null }) }))
  // The page's own policy comes with each page (render.tsx); files keep the gateway's sandbox policy.
  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: 'max-age=63072000; includeSubDomains',
      referrerPolicy: 'same-origin',
      xFrameOptions: 'DENY',
    }),
  )

  app.get('/', (c) => c.redirect(paths.home(negotiate(c.req.header('accept-language'))), 302))

  const screens = new Hono<ConsoleEnv>()
  // Hono's path patterns take a regex without alternation, so the language and the inbox kind are read here.
  screens.use(async function readLanguage(c, next) {
    const lang = c.req.param('lang')
    if (!isLocale(lang)) return c.notFound()
    c.set('lang', lang)
    await next()
  })
  // Writes only from the console's own pages (a cross-site form cannot forge the Origin).
  screens.use(csrf())
  screens.use(requireOperator)
  for (const section of [
    'appeals',
    'projects',
    'registrations',
    'inbox',
    'files',
    'content',
    'operators',
    'audit',
    'mail',
  ] as const) {
    const guard = requireSection(section === 'files' ? 'inbox' : section)
    screens.use(`/${section}`, guard)
    screens.use(`/${section}/*`, guard)
  }

  screens.get('/', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const operator = c.get('operator')
    const [counts, failedMail] = await Promise.all([readCounts(c), readFailedMail(c)])
    return renderScreen(
      c,
      200,
      'home',
      t('sections.home'),
      <Overview
        t={t}
        lang={lang}
        operator={operator}
        counts={counts?.ok ? counts.content : null}
        failedMail={failedMail}
      />,
      counts,
    )
  })

  // Appeals

  screens.get('/appeals', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const status = pick(c.req.query('status'), APPEAL_STATUSES)
    const answer = await gatewayFor(c).get('/core/operator/appeals', AppealListSchema, { status, page: pageOf(c) })
    if (!answer.ok) return renderFailure(c, answer)
    return renderScreen(
      c,
      200,
      'appeals',
      t('sections.appeals'),
      <AppealList
        t={t}
        lang={lang}
        status={status}
        items={answer.content.items}
        counts={answer.content.counts}
        pageable={answer.pageable}
      />,
    )
  })

  screens.get('/appeals/:id{[0-9]{1,10}}', (c) => showAppeal(c, 200, NO_FORM_STATE))

  screens.post('/appeals/:id{[0-9]{1,10}}/reply', (c) =>
    decide(c, {
      form: 'reply',
      schema: ReplyForm,
      ids: { reply: 'reply' },
      call: `/core/operator/appeals/${idOf(c)}/reply`,
      answer: AppealDecisionSchema,
      show: showAppeal,
      done: paths.appeal(c.get('lang'), idOf(c)),
      notice: 'replied',
    }),
  )

  screens.post('/appeals/:id{[0-9]{1,10}}/reject', (c) =>
    decide(c, {
      form: 'reject',
      schema: ReasonForm,
      ids: { reason: 'reject-reason' },
      call: `/core/operator/appeals/${idOf(c)}/reject`,
      answer: AppealDecisionSchema,
      show: showAppeal,
      done: paths.appeal(c.get('lang'), idOf(c)),
      notice: 'appealRejected',
    }),
  )

  // Projects

  screens.get('/projects', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const state = pick(c.req.query('state'), DECISION_STATES)
    const answer = await gatewayFor(c).get('/core/operator/projects', ProjectListSchema, { state, page: pageOf(c) })
    if (!answer.ok) return renderFailure(c, answer)
    return renderScreen(
      c,
      200,
      'projects',
      t('sections.projects'),
      <ProjectList
        t={t}
        lang={lang}
        state={state}
        items={answer.content.items}
        counts={answer.content.counts}
        pageable={answer.pageable}
      />,
    )
  })

  screens.get('/projects/:id{[0-9]{1,10}}', (c) => showProject(c, 200, NO_FORM_STATE))

  screens.post('/projects/:id{[0-9]{1,10}}/approve', (c) =>
    decide(c, {
      form: 'approve',
      call: `/core/operator/projects/${idOf(c)}/approve`,
      answer: ProjectDecisionSchema,
      show: showProject,
      done: paths.project(c.get('lang'), idOf(c)),
      notice: 'projectApproved',
    }),
  )

  screens.post('/projects/:id{[0-9]{1,10}}/reject', (c) =>
    decide(c, {
      form: 'reject',
      schema: ReasonForm,
      ids: { reason: 'reject-reason' },
      call: `/core/operator/projects/${idOf(c)}/reject`,
      answer: ProjectDecisionSchema,
      show: showProject,
      done: paths.project(c.get('lang'), idOf(c)),
      notice: 'projectRejected',
    }),
  )

  // Registrations

  screens.get('/registrations', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const state = pick(c.req.query('state'), DECISION_STATES)
    const answer = await gatewayFor(c).get('/core/operator/registrations', RegistrationListSchema, {
      state,
      page: pageOf(c),
    })
    if (!answer.ok) return renderFailure(c, answer)
    return renderScreen(
      c,
      200,
      'registrations',
      t('sections.registrations'),
      <RegistrationList
        t={t}
        lang={lang}
        state={state}
        items={answer.content.items}
        counts={answer.content.counts}
        pageable={answer.pageable}
      />,
    )
  })

  screens.get('/registrations/:id{[0-9]{1,10}}', (c) => showRegistration(c, 200, NO_FORM_STATE))

  screens.post('/registrations/:id{[0-9]{1,10}}/approve', (c) =>
    decide(c, {
      form: 'approve',
      call: `/core/operator/registrations/${idOf(c)}/approve`,
      answer: RegistrationDecisionSchema,
      show: showRegistration,
      done: paths.registration(c.get('lang'), idOf(c)),
      notice: 'registrationApproved',
    }),
  )

  screens.post('/registrations/:id{[0-9]{1,10}}/reject', (c) =>
    decide(c, {
      form: 'reject',
      schema: ReasonForm,
      ids: { reason: 'reject-reason' },
      call: `/core/operator/registrations/${idOf(c)}/reject`,
      answer: RegistrationDecisionSchema,
      show: showRegistration,
      done: paths.registration(c.get('lang'), idOf(c)),
      notice: 'registrationRejected',
    }),
  )

  // Inbox

  const inboxFilter = (c: Ctx) => ({
    kind: pick(c.req.query('kind'), INBOX_KINDS),
    handled: pick(c.req.query('handled'), INBOX_HANDLED),
    q: (c.req.query('q') ?? '').trim().slice(0, 100),
  })

  screens.get('/inbox', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const filter = inboxFilter(c)
    const answer = await gatewayFor(c).get('/core/operator/inbox', InboxListSchema, { ...filter, page: pageOf(c) })
    if (!answer.ok) return renderFailure(c, answer)
    return renderScreen(
      c,
      200,
      'inbox',
      t('sections.inbox'),
      <InboxList t={t} lang={lang} {...answer.content} filter={filter} pageable={answer.pageable} />,
    )
  })

  /** Every row the filter matches, as CSV in the operator's language (UTF-8 with a BOM, so spreadsheets read it). */
  screens.get('/inbox/export.csv', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const filter = inboxFilter(c)
    const answer = await gatewayFor(c).get('/core/operator/inbox/export', InboxExportSchema, filter)
    if (!answer.ok) return renderFailure(c, answer)
    const columns = INBOX_COLUMNS[filter.kind]
    const rows = answer.content.items.map((item) => [
      ...columns.map(([field]) => (item[field] === null || item[field] === undefined ? '' : String(item[field]))),
      item.handled ? item.handled.at : '',
      item.handled ? item.handled.by.email : '',
    ])
    const header = [...columns.map(([, label]) => t(label)), t('inbox.handledAt'), t('inbox.handledByColumn')]
    const day = new Date().toISOString().slice(0, 10)
    return c.body(`\uFEFF${toCsv([header, ...rows])}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="inbox-${filter.kind}-${day}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  screens.get('/inbox/:kind{[a-z]+}/:id{[0-9]{1,10}}', (c) =>
    isInboxKind(c.req.param('kind')) ? showInboxItem(c, 200, null) : c.notFound(),
  )

  screens.post('/inbox/:kind{[a-z]+}/:id{[0-9]{1,10}}/handled', async (c) => {
    const t = translator(c.get('lang'))
    const kind = c.req.param('kind')
    if (!isInboxKind(kind)) return c.notFound()
    const form = checkForm(t, HandledForm, await readFields(c), {})
    if (!form.ok) return showInboxItem(c, 422, form.problem)
    const handled = form.output.handled === 'true'
    const answer = await gatewayFor(c).post(`/core/operator/inbox/${kind}/${idOf(c)}/handled`, InboxHandledSchema, {
      handled,
    })
    if (!answer.ok) return showInboxItem(c, answer.status as ContentfulStatusCode, problemOf(t, answer, {}))
    return c.redirect(withNotice(paths.inboxItem(c.get('lang'), kind, idOf(c)), handled ? 'handled' : 'reopened'), 303)
  })

  /** An uploaded file, through the gateway with its sandbox headers; never a public URL (docs/security.md). */
  screens.get('/files/:file{[A-Za-z0-9_-]{8,64}}', async (c) => {
    const res = await gatewayFor(c).download(`/core/operator/files/${c.req.param('file')}`)
    if (!res?.ok)
      return renderRefusal(c, res?.status === 404 ? 404 : 502, res?.status === 404 ? 'not_found' : 'unavailable')
    const headers = new Headers()
    for (const name of ['content-type', 'content-length', 'content-disposition', 'content-security-policy'])
      if (res.headers.has(name)) headers.set(name, res.headers.get(name)!)
    headers.set('x-content-type-options', 'nosniff')
    headers.set('cache-control', 'private, no-store')
    return new Response(res.body, { status: 200, headers })
  })

  // Content (editors and admins)

  screens.get('/content', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const kinds = await readKinds(c)
    if (!kinds.ok) return renderFailure(c, kinds)
    return renderScreen(
      c,
      200,
      'content',
      t('sections.content'),
      <ContentHome t={t} lang={lang} kinds={kinds.content.list} />,
      null,
    )
  })

  screens.get('/content/site-settings', (c) => showSiteSettings(c, 200, null))

  screens.post('/content/site-settings', async (c) => {
    const t = translator(c.get('lang'))
    const fields = await readFields(c)
    const socials = Array.from({ length: SOCIAL_ROWS }, (_, i) => ({
      network: (fields[`network_${i}`] ?? '').trim(),
      url: (fields[`social_${i}`] ?? '').trim(),
      row: i,
    })).filter((s) => s.network || s.url)
    const answer = await gatewayFor(c).put('/core/operator/site-settings', SiteSettingsSavedSchema, {
      phone: fields.phone ?? '',
      email: (fields.email ?? '').trim(),
      address: { uz: fields.address_uz ?? '', ru: fields.address_ru ?? '', en: fields.address_en ?? '' },
      map_url: (fields.map_url ?? '').trim(),
      socials: socials.map(({ network, url }) => ({ network, url })),
    })
    if (!answer.ok) {
      // The gateway names fields by their path in the body: `address.ru`, `socials.0.url`.
      const ids = new Set(
        answer.errors.map((path) => {
          const social = /^socials\.(\d+)/.exec(path)
          if (social) return `s-social-${socials[Number(social[1])]?.row ?? 0}`
          return `s-${path.replace('.', '_')}`
        }),
      )
      const labels: Record<string, string> = {
        's-phone': t('content.siteSettings.phone'),
        's-email': t('content.siteSettings.email'),
        's-map_url': t('content.siteSettings.map'),
      }
      const problem: FormProblem = {
        message: translateCode(t, answer.code),
        fields: [...ids].map((id) => ({
          id,
          message: `${labels[id] ?? t('content.siteSettings.address')}: ${t('content.errors.invalid')}`,
        })),
      }
      for (const id of ids)
        if (id.startsWith('s-social-'))
          problem.fields.find((f) => f.id === id)!.message = t('content.siteSettings.socialInvalid')
      return showSiteSettings(c, answer.status === 400 ? 422 : (answer.status as ContentfulStatusCode), problem, fields)
    }
    return c.redirect(withNotice(paths.siteSettings(c.get('lang')), 'settingsSaved'), 303)
  })

  screens.get('/content/:kind{[a-z_]{2,40}}', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const kinds = await readKinds(c)
    if (!kinds.ok) return renderFailure(c, kinds)
    const kind = kinds.content.byName.get(c.req.param('kind'))
    if (!kind?.publishable) return renderRefusal(c, 404, 'not_found')
    const publication = pick(c.req.query('publication'), PUBLICATIONS)
    const q = (c.req.query('q') ?? '').trim().slice(0, 200)
    // A kind listed by a choice (posts by category) takes it by the field's name; an unknown value lists everything.
    const filter = kind.fields.find((f) => f.name === kind.filter)
    const asked = filter ? (c.req.query(filter.name) ?? '') : ''
    const choice = filter?.options?.includes(asked) ? asked : ''
    const answer = await gatewayFor(c).get(`/core/operator/content/${kind.kind}`, ContentListSchema, {
      publication: publication === 'all' ? undefined : publication,
      ...(filter ? { [filter.name]: choice || undefined } : {}),
      q,
      page: pageOf(c),
    })
    if (!answer.ok) return renderFailure(c, answer)
    return renderScreen(
      c,
      200,
      'content',
      kindName(t, kind.kind),
      <ContentList
        t={t}
        lang={lang}
        kind={kind}
        publication={publication}
        choice={choice}
        q={q}
        items={answer.content.items}
        pageable={answer.pageable}
      />,
      null,
    )
  })

  screens.get('/content/:kind{[a-z_]{2,40}}/new', (c) => showNewItem(c, 200, NO_ITEM_STATE))

  screens.post('/content/:kind{[a-z_]{2,40}}/new', async (c) => {
    const save = await readContentSave(c)
    if (save instanceof Response) return save
    const api = gatewayFor(c)
    const answer = save.refused
      ? null
      : await api.post(`/core/operator/content/${save.kind.kind}`, ContentSavedSchema, save.body)
    if (!answer?.ok) return showRefusedSave(c, save, save.refused ?? (answer as Failure), showNewItem)
    return c.redirect(withNotice(paths.contentItem(save.lang, save.kind.kind, answer.content.id), 'created'), 303)
  })

  screens.get('/content/:kind{[a-z_]{2,40}}/:id{[0-9]{1,10}}', (c) => showContentItem(c, 200, NO_ITEM_STATE))

  screens.post('/content/:kind{[a-z_]{2,40}}/:id{[0-9]{1,10}}', async (c) => {
    const save = await readContentSave(c)
    if (save instanceof Response) return save
    const path = `/core/operator/content/${save.kind.kind}/${idOf(c)}`
    const answer = save.refused ? null : await gatewayFor(c).put(path, ContentSavedSchema, save.body)
    if (answer && !answer.ok && answer.status === 404) return renderRefusal(c, 404, 'not_found')
    if (!answer?.ok) return showRefusedSave(c, save, save.refused ?? (answer as Failure), showContentItem)
    return c.redirect(withNotice(paths.contentItem(save.lang, save.kind.kind, idOf(c)), 'saved'), 303)
  })

  screens.post('/content/:kind{[a-z_]{2,40}}/:id{[0-9]{1,10}}/publish', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const kind = c.req.param('kind')
    const fields = await readFields(c)
    const local = (fields.publish_at ?? '').trim()
    const publishAt = local ? fromLocalTime(local) : null
    if (local && !publishAt)
      return showContentItem(c, 422, {
        ...NO_ITEM_STATE,
        form: 'publish',
        problem: { message: null, fields: [{ id: 'publish-at', message: t('content.errors.publish_at') }] },
      })
    const body: Record<string, unknown> = {}
    if (publishAt) body.publish_at = publishAt
    if (fields.confirm_incomplete === 'true') body.confirm_incomplete = true
    const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/publish`, PublishedSchema, body)
    if (!answer.ok) {
      if (answer.code === 'translations_missing') {
        const missing = answer.missing ?? []
        return showContentItem(c, 409, { ...NO_ITEM_STATE, confirm: { missing, publishAt: local } })
      }
      if (answer.status === 404) return renderFailure(c, answer)
      return showContentItem(c, answer.status as ContentfulStatusCode, {
        ...NO_ITEM_STATE,
        form: 'publish',
        problem: {
          message: translateCode(t, answer.code),
          fields: answer.errors.includes('publish_at')
            ? [{ id: 'publish-at', message: t('content.errors.publish_at') }]
            : [],
        },
      })
    }
    const scheduled =
      answer.content?.publication === 'scheduled' || (publishAt !== null && Date.parse(publishAt) > Date.now())
    return c.redirect(withNotice(paths.contentItem(lang, kind, idOf(c)), scheduled ? 'scheduled' : 'published'), 303)
  })

  screens.post('/content/:kind{[a-z_]{2,40}}/:id{[0-9]{1,10}}/unpublish', async (c) => {
    const t = translator(c.get('lang'))
    const kind = c.req.param('kind')
    const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/unpublish`, UnpublishedSchema)
    if (!answer.ok) {
      if (answer.status === 404) return renderFailure(c, answer)
      return showContentItem(c, answer.status as ContentfulStatusCode, {
        ...NO_ITEM_STATE,
        form: 'publish',
        problem: { message: translateCode(t, answer.code), fields: [] },
      })
    }
    return c.redirect(withNotice(paths.contentItem(c.get('lang'), kind, idOf(c)), 'unpublished'), 303)
  })

  screens.post('/content/:kind{[a-z_]{2,40}}/:id{[0-9]{1,10}}/preview', async (c) => {
    const t = translator(c.get('lang'))
    const kind = c.req.param('kind')
    const answer = await gatewayFor(c).post(`/core/operator/content/${kind}/${idOf(c)}/preview`, PreviewSchema)
    if (!answer.ok) {
      if (answer.status === 404) return renderFailure(c, answer)
      return showContentItem(c, answer.status as ContentfulStatusCode, {
        ...NO_ITEM_STATE,
        form: 'publish',
        problem: { message: translateCode(t, answer.code), fields: [] },
      })
    }
    return showContentItem(c, 200, { ...NO_ITEM_STATE, links: answer.content.links })
  })

  // Operators and the audit log (admin)

  screens.get('/operators', (c) => showOperators(c, 200, null))

  screens.post('/operators', async (c) => {
    const t = translator(c.get('lang'))
    const values = await readFields(c)
    const ids = { email: 'operator-email', name: 'operator-name', role: 'operator-role' }
    const form = checkForm(t, OperatorForm, values, ids)
    if (!form.ok) return showOperators(c, 422, form.problem, values)
    const answer = await gatewayFor(c).post('/core/operator/operators', OperatorSchema, form.output)
    if (!answer.ok) return showOperators(c, answer.status as ContentfulStatusCode, problemOf(t, answer, ids), values)
    return c.redirect(withNotice(paths.operators(c.get('lang')), 'operatorAdded'), 303)
  })

  screens.post('/operators/:id{[0-9]{1,10}}/role', async (c) => {
    const t = translator(c.get('lang'))
    const form = checkForm(t, RoleForm, await readFields(c), {})
    if (!form.ok) return showOperators(c, 422, form.problem)
    const answer = await gatewayFor(c).post(`/core/operator/operators/${idOf(c)}/role`, OperatorSchema, form.output)
    if (!answer.ok) return showOperators(c, answer.status as ContentfulStatusCode, problemOf(t, answer, {}))
    return c.redirect(withNotice(paths.operators(c.get('lang')), 'roleChanged'), 303)
  })

  screens.post('/operators/:id{[0-9]{1,10}}/remove', async (c) => {
    const t = translator(c.get('lang'))
    const answer = await gatewayFor(c).post(`/core/operator/operators/${idOf(c)}/remove`, OperatorRemovedSchema)
    if (!answer.ok) return showOperators(c, answer.status as ContentfulStatusCode, problemOf(t, answer, {}))
    return c.redirect(withNotice(paths.operators(c.get('lang')), 'operatorRemoved'), 303)
  })

  screens.get('/audit', async (c) => {
    const lang = c.get('lang')
    const t = translator(lang)
    const number = (name: string) => {
      const raw = c.req.query(name) ?? ''
      return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined
    }
    const text = (name: string) => {
      const raw = c.req.query(name) ?? ''
      return /^[a-z_.]{1,40}$/.test(raw) ? raw : undefined
    }
    const query: AuditQuery = {
      operator: number('operator'),
      action: text('action'),
      target: text('target'),
      target_id: number('target_id'),
    }
    const api = gatewayFor(c)
    const [log, operators] = await Promise.all([
      api.get('/core/operator/audit', AuditLogSchema, { ...query, page: pageOf(c) }),
      api.get('/core/operator/operators', OperatorListSchema),
    ])
    if (!log.ok) return renderFailure(c, log)
    return renderScreen(
      c,
      200,
      'audit',
      t('audit.title'),
      <Audit
        t={t}
        lang={lang}
        log={log.content}
        operators={operators.ok ? operators.content : []}
        query={query}
        pageable={log.pageable}
      />,
    )
  })

  // Mail (admin): failed mail, sent again one by one (docs/gateway-contract.md#operator-mail)

  screens.get('/mail', (c) => showMail(c, 200, null))

  screens.post('/mail/:id{[0-9]{1,10}}/resend', async (c) => {
    const t = translator(c.get('lang'))
    const answer = await gatewayFor(c).post(`/core/operator/mail/${idOf(c)}/resend`, MailResentSchema)
    if (!answer.ok) {
      if (answer.status === 403) return renderFailure(c, answer)
      return showMail(c, answer.status as ContentfulStatusCode, problemOf(t, answer, {}))
    }
    const notice = answer.content.link_renewed ? 'mailResentLink' : 'mailResent'
    return c.redirect(withNotice(paths.mail(c.get('lang')), notice), 303)
  })

  app.route('/:lang{[a-z]{2}}', screens)

  app.notFound((c) => renderRefusal(c, 404, 'not_found'))
  app.onError(
    handleErrors<ConsoleEnv>({
      // A refusal of Hono's own (a cross-site form post: csrf) is that refusal, not a failure.
      expected: (err, c) =>
        err instanceof HTTPException && err.status < 500
          ? renderRefusal(c, err.status, err.status === 403 ? 'forbidden' : 'bad_request')
          : null,
      // The operator sees the error page, never a stack.
      unexpected: (c) => renderRefusal(c, 500, 'unavailable'),
    }),
  )
  return app
}
