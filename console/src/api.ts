/**
 * The console's one client of the operators' API (docs/gateway-contract.md#operator), over the `GATEWAY` service
 * binding: every call forwards the request's Access token, which the gateway verifies again and maps to the operator
 * (docs/decisions/0030-operator-console.md), and the page's language. Failures are values, never exceptions
 * (docs/architecture.md#rule-7).
 */
import type { Context } from 'hono'
import * as v from 'valibot'
import { ACCESS_ASSERTION_HEADER } from '../../platform/access'
import type { ConsoleEnv } from './context'

export type OperatorRole = 'moderator' | 'editor' | 'admin'
export type OperatorArea = 'moderation' | 'content' | 'admin'
/** An operator; `areas` (only in `/core/operator/me`) are what their role reaches. */
export type Operator = {
  id: number
  email: string
  name: string
  role: OperatorRole
  created_at: string
  areas: OperatorArea[]
}
export type Pageable = { total: number; prev: number | null; next: number | null; current: number }

export type AppealStatus = 'in_moderation' | 'reviewed' | 'resolved' | 'not_resolved'
export type DecisionState = 'pending' | 'approved' | 'rejected'

export type ModerationCounts = {
  appeals: Record<AppealStatus, number>
  projects: Record<DecisionState, number>
  registrations: Record<DecisionState, number>
  inbox: { contact: number; event: number }
}

export type AppealListItem = {
  id: number
  status: AppealStatus
  excerpt: string
  applicant: { name: string; email: string }
  topic: string
  responses: number
  created_at: string
  updated_at: string
}
export type AppealDetail = {
  id: number
  status: AppealStatus
  text: string
  topic: string
  type: string
  region: string
  reject_reason: string | null
  resolve_reason: string | null
  applicant: { name: string; email: string; signed_in: boolean }
  responses: { id: number; admin: string | null; owner: boolean; response: string; created: string }[]
  created_at: string
  updated_at: string
}

type FileInfo = { id: string; original_name: string; size: number; content_type: string }
export type ProjectListItem = {
  id: number
  title: string
  state: DecisionState
  budget: number
  owner: { email: string; name: string; company: string }
  updated_at: string
}
export type ProjectDetail = {
  id: number
  title: Record<'uz' | 'ru' | 'en', string>
  content: Record<'uz' | 'ru' | 'en', string>
  state: DecisionState
  reject_reason: string | null
  status: string
  budget: number
  sector: string
  category: string
  region: string
  contact: { phone: string; email: string }
  owner: { email: string; name: string; company: string }
  image: FileInfo | null
  presentations: Record<'uz' | 'ru' | 'en', FileInfo | null>
  created_at: string
  updated_at: string
}

export type RegistrationListItem = {
  id: number
  kind: 'investor' | 'business'
  email: string
  state: DecisionState
  reason: string | null
  name: string
  surname: string
  company_name: string
  is_resident: boolean
  lang: string
  created_at: string
  decided_at: string | null
}
export type RegistrationDetail = {
  id: number
  kind: 'investor' | 'business'
  email: string
  state: DecisionState
  reason: string | null
  decided_at: string | null
  user_id: number | null
  created_at: string
  application: Record<string, string | number | boolean | null>
}

export type InboxKind = 'contact' | 'event'
type InboxHandled = 'open' | 'handled' | 'all'
export type InboxFilter = { kind: InboxKind; handled: InboxHandled; q: string }
export type InboxItem = Record<string, unknown> & {
  kind: InboxKind
  id: number
  email: string
  phone: string
  created_at: string
  handled: { at: string; by: { id: number; email: string; name: string } } | null
  documents?: { passport: string; photo: string } | null
}
export type InboxList = { filter: InboxFilter; items: InboxItem[]; open: { contact: number; event: number } }

export type AuditEntry = {
  id: number
  at: string
  operator: { id: number; email: string; name: string }
  action: string
  target: { kind: string; id: number }
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

export type AuditLog = { items: AuditEntry[]; actions: string[]; targets: string[] }

export type MailStatus = 'failed' | 'queued'
/** A mail the delivery gave up on (or still holds): what it is and to whom, never its text or links. */
type MailListItem = {
  id: number
  kind: string | null
  to: string
  lang: string | null
  subject: string
  status: MailStatus
  attempts: number
  last_error: string | null
  created_at: string
  failed_at: string | null
}
export type MailList = { status: MailStatus; items: MailListItem[]; counts: Record<MailStatus, number> }
export type MailResent = { id: number; status: 'queued'; link_renewed: boolean }

export type Lang = 'uz' | 'ru' | 'en'
type FieldType =
  | 'text'
  | 'longtext'
  | 'html'
  | 'plain'
  | 'slug'
  | 'email'
  | 'url'
  | 'phone'
  | 'icon'
  | 'date'
  | 'datetime'
  | 'time'
  | 'number'
  | 'bool'
  | 'choice'
  | 'ref'
  | 'image'
  | 'file'
/** A row of the table a reference field chooses from, named in each language. */
type RefChoice = { id: number; label: Partial<Record<Lang, string>> }
/** A field of a kind of content, as the gateway describes it (docs/gateway-contract.md#operator-content). */
export type ContentField = {
  name: string
  type: FieldType
  required?: boolean
  max?: number | null
  options?: string[] | null
  localized?: boolean
  ref?: { table: string; choices: RefChoice[] }
}
/** A kind of content: the console's forms are drawn from these descriptions. */
export type ContentKind = {
  kind: string
  publishable: boolean
  parent?: string | null
  children?: string[] | null
  title_field: string
  /** The choice field the kind's list is filtered by (posts by category), or null. */
  filter?: string | null
  fields: ContentField[]
}
export type Publication = 'draft' | 'scheduled' | 'published'
export type ContentListItem = {
  id: number
  title: Partial<Record<Lang, string | null>>
  publication: Publication | null
  publish_at: string | null
  updated_at: string | null
  missing: Lang[]
}
export type ContentItem = {
  id: number
  kind: string
  publication: Publication | null
  publish_at: string | null
  updated_at: string | null
  values: Record<string, unknown>
  missing: Lang[]
  children?: Record<string, ContentChild[]>
}
/** An item that belongs to another (a post's file, a gallery's image, a service's process and its steps). */
export type ContentChild = { id?: number; values: Record<string, unknown>; children?: Record<string, ContentChild[]> }
export type UploadedFile = { ref: string; url: string; content_type: string; size: number; original_name: string }
/** The agency's contacts in one language (the portal's public call). */
export type SiteSettings = {
  phone: string | null
  email: string | null
  address: string | null
  map_url: string | null
  socials: { network: string; url: string }[]
}

/**
 * A call's outcome: the content, or the gateway's status and code, the fields it names (`errors`), the code per field
 * when it gives one (`fieldCodes`, content's validation), and what else it answered (`details`: the failure's
 * content, such as the languages a publish misses).
 */
export type Answer<T> =
  | { ok: true; content: T; pageable: Pageable | null }
  | {
      ok: false
      status: number
      code: string
      errors: string[]
      fieldCodes?: Record<string, string>
      details?: Record<string, unknown>
    }

const EnvelopeSchema = v.object({
  result: v.object({ code: v.string() }),
  content: v.unknown(),
  pageable: v.optional(
    v.object({ total: v.number(), prev: v.nullable(v.number()), next: v.nullable(v.number()), current: v.number() }),
  ),
  errors: v.optional(v.union([v.array(v.string()), v.record(v.string(), v.string())])),
})

/** The gateway's address inside the service binding; its host is never seen by anyone. */
const GATEWAY_BASE = 'https://gateway.internal'

export type GatewayClient = {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<Answer<T>>
  post<T>(path: string, body?: Record<string, unknown>): Promise<Answer<T>>
  put<T>(path: string, body: Record<string, unknown>): Promise<Answer<T>>
  /** A file as the multipart field `file` (editors' uploads). */
  upload<T>(path: string, file: File, fields?: Record<string, string>): Promise<Answer<T>>
  /** The raw answer, for files the console hands on as they are. */
  download(path: string): Promise<Response | null>
}

/** The client for the request `c` is serving. */
export function gatewayFor(c: Context<ConsoleEnv>): GatewayClient {
  const send = async (method: string, path: string, body?: Record<string, unknown> | FormData) => {
    const headers = new Headers({ accept: 'application/json', 'accept-language': c.get('lang') ?? 'en' })
    const assertion = c.req.header(ACCESS_ASSERTION_HEADER)
    if (assertion) headers.set(ACCESS_ASSERTION_HEADER, assertion)
    // One request id in both workers' log lines.
    headers.set('x-request-id', c.get('requestId'))
    // A form's boundary is set by the Request itself.
    const json = body !== undefined && !(body instanceof FormData)
    if (json) headers.set('content-type', 'application/json')
    return c.env.GATEWAY.fetch(
      new Request(`${GATEWAY_BASE}${path}`, { method, headers, body: json ? JSON.stringify(body) : body }),
    )
  }
  const read = async <T>(res: Promise<Response>): Promise<Answer<T>> => {
    let answer: Response
    try {
      answer = await res
    } catch {
      return { ok: false, status: 502, code: 'bad_gateway', errors: [] }
    }
    const parsed = v.safeParse(EnvelopeSchema, await answer.json().catch(() => null))
    if (!parsed.success) return { ok: false, status: 502, code: 'malformed_response', errors: [] }
    const envelope = parsed.output
    if (answer.ok && envelope.result.code === 'ok')
      return { ok: true, content: envelope.content as T, pageable: envelope.pageable ?? null }
    const errors = envelope.errors ?? []
    const details = (envelope.content && typeof envelope.content === 'object' ? envelope.content : {}) as Record<
      string,
      unknown
    >
    // A content save names each field's code in its content (`{ errors: { column: code } }`).
    const codes = v.safeParse(v.record(v.string(), v.string()), details.errors)
    return {
      ok: false,
      status: answer.ok ? 502 : answer.status,
      code: envelope.result.code,
      errors: Array.isArray(errors) ? errors : Object.keys(errors),
      fieldCodes: Array.isArray(errors) ? (codes.success ? codes.output : undefined) : errors,
      details,
    }
  }
  return {
    get: (path, query) => {
      const search = new URLSearchParams()
      for (const [k, val] of Object.entries(query ?? {}))
        if (val !== undefined && val !== '') search.set(k, String(val))
      const qs = search.toString()
      return read(send('GET', qs ? `${path}?${qs}` : path))
    },
    post: (path, body) => read(send('POST', path, body ?? {})),
    put: (path, body) => read(send('PUT', path, body)),
    upload: (path, file, fields) => {
      const form = new FormData()
      for (const [k, val] of Object.entries(fields ?? {})) form.set(k, val)
      form.set('file', file)
      return read(send('POST', path, form))
    },
    download: async (path) => {
      try {
        return await send('GET', path)
      } catch {
        return null
      }
    },
  }
}
