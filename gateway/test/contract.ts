/**
 * Every answer the gateway's tests read is checked against the published contracts: a public answer against
 * `contract/gateway` (the table the portal validates its payloads with), an operator answer against
 * `contract/operators` (what the console validates). A violation fails the test with the path of each bad field.
 */
import type * as v from 'valibot'
import { issuePaths } from '../../contract/gateway/common'
import { validatePayload } from '../../contract/gateway/index'
import { AuditLogSchema } from '../../contract/operators/audit'
import {
  BinSchema,
  ContentItemSchema,
  ContentKindsSchema,
  ContentListSchema,
  ContentSavedSchema,
  DeletedSchema,
  PreviewSchema,
  PublishedSchema,
  RestoredSchema,
  SiteSettingsSavedSchema,
  UnpublishedSchema,
  UploadedSchema,
} from '../../contract/operators/content'
import {
  EnquiryChangedSchema,
  EnquiryDetailSchema,
  EnquiryExportSchema,
  EnquiryListSchema,
} from '../../contract/operators/enquiries'
import { EnvelopeSchema, RefusalSchema } from '../../contract/operators/envelope'
import { FeedbackListSchema } from '../../contract/operators/feedback'
import {
  InboxDecisionSchema,
  InboxExportSchema,
  InboxHandledSchema,
  InboxItemSchema,
  InboxListSchema,
} from '../../contract/operators/inbox'
import { MailListSchema, MailResentSchema } from '../../contract/operators/mail'
import {
  AppealDecisionSchema,
  AppealDetailSchema,
  AppealListSchema,
  OverviewSchema,
  ProjectDecisionSchema,
  ProjectDetailSchema,
  ProjectListSchema,
  RegistrationDecisionSchema,
  RegistrationDetailSchema,
  RegistrationListSchema,
} from '../../contract/operators/moderation'
import { MeSchema, OperatorListSchema, OperatorRemovedSchema, OperatorSchema } from '../../contract/operators/operators'
import {
  PersonContactSchema,
  PersonDetailSchema,
  PersonListSchema,
  PersonStateChangedSchema,
} from '../../contract/operators/people'

const OPERATOR = '/core/operator'

/**
 * The operators' API: `METHOD path` → the schema of an ok answer's `content`; `{name}` stands for one path segment, and
 * a literal path wins over a pattern (`/inbox/export` is not an item).
 */
const OPERATOR_CONTRACTS: ReadonlyArray<readonly [string, v.GenericSchema]> = [
  [`GET ${OPERATOR}/me`, MeSchema],
  [`GET ${OPERATOR}/overview`, OverviewSchema],
  [`GET ${OPERATOR}/operators`, OperatorListSchema],
  [`POST ${OPERATOR}/operators`, OperatorSchema],
  [`POST ${OPERATOR}/operators/{id}/role`, OperatorSchema],
  [`POST ${OPERATOR}/operators/{id}/remove`, OperatorRemovedSchema],
  [`GET ${OPERATOR}/audit`, AuditLogSchema],
  [`GET ${OPERATOR}/mail`, MailListSchema],
  [`POST ${OPERATOR}/mail/{id}/resend`, MailResentSchema],
  [`GET ${OPERATOR}/inbox`, InboxListSchema],
  [`GET ${OPERATOR}/inbox/export`, InboxExportSchema],
  [`GET ${OPERATOR}/inbox/{kind}/{id}`, InboxItemSchema],
  [`POST ${OPERATOR}/inbox/{kind}/{id}/handled`, InboxHandledSchema],
  [`POST ${OPERATOR}/inbox/event/{id}/decision`, InboxDecisionSchema],
  [`GET ${OPERATOR}/enquiries`, EnquiryListSchema],
  [`GET ${OPERATOR}/enquiries/export`, EnquiryExportSchema],
  [`GET ${OPERATOR}/enquiries/{id}`, EnquiryDetailSchema],
  [`POST ${OPERATOR}/enquiries/{id}`, EnquiryChangedSchema],
  [`POST ${OPERATOR}/enquiries/{id}/notes`, EnquiryChangedSchema],
  [`POST ${OPERATOR}/enquiries/{id}/replies`, EnquiryChangedSchema],
  [`GET ${OPERATOR}/appeals`, AppealListSchema],
  [`GET ${OPERATOR}/appeals/{id}`, AppealDetailSchema],
  [`POST ${OPERATOR}/appeals/{id}/reply`, AppealDecisionSchema],
  [`POST ${OPERATOR}/appeals/{id}/reject`, AppealDecisionSchema],
  [`GET ${OPERATOR}/projects`, ProjectListSchema],
  [`GET ${OPERATOR}/projects/{id}`, ProjectDetailSchema],
  [`POST ${OPERATOR}/projects/{id}/approve`, ProjectDecisionSchema],
  [`POST ${OPERATOR}/projects/{id}/reject`, ProjectDecisionSchema],
  [`GET ${OPERATOR}/registrations`, RegistrationListSchema],
  [`GET ${OPERATOR}/registrations/{id}`, RegistrationDetailSchema],
  [`POST ${OPERATOR}/registrations/{id}/approve`, RegistrationDecisionSchema],
  [`POST ${OPERATOR}/registrations/{id}/reject`, RegistrationDecisionSchema],
  [`GET ${OPERATOR}/content/kinds`, ContentKindsSchema],
  [`POST ${OPERATOR}/content/files`, UploadedSchema],
  [`GET ${OPERATOR}/content/{kind}`, ContentListSchema],
  [`POST ${OPERATOR}/content/{kind}`, ContentSavedSchema],
  [`GET ${OPERATOR}/content/{kind}/{id}`, ContentItemSchema],
  [`PUT ${OPERATOR}/content/{kind}/{id}`, ContentSavedSchema],
  [`POST ${OPERATOR}/content/{kind}/{id}/publish`, PublishedSchema],
  [`POST ${OPERATOR}/content/{kind}/{id}/unpublish`, UnpublishedSchema],
  [`POST ${OPERATOR}/content/{kind}/{id}/preview`, PreviewSchema],
  [`DELETE ${OPERATOR}/content/{kind}/{id}`, DeletedSchema],
  [`GET ${OPERATOR}/bin`, BinSchema],
  [`POST ${OPERATOR}/bin/{id}/restore`, RestoredSchema],
  [`PUT ${OPERATOR}/site-settings`, SiteSettingsSavedSchema],
  [`GET ${OPERATOR}/people`, PersonListSchema],
  [`GET ${OPERATOR}/people/{id}`, PersonDetailSchema],
  [`POST ${OPERATOR}/people/{id}/contact`, PersonContactSchema],
  [`POST ${OPERATOR}/people/{id}/block`, PersonStateChangedSchema],
  [`POST ${OPERATOR}/people/{id}/unblock`, PersonStateChangedSchema],
  [`POST ${OPERATOR}/people/{id}/erase`, PersonStateChangedSchema],
  [`GET ${OPERATOR}/feedback`, FeedbackListSchema],
]

const LITERAL = new Map<string, v.GenericSchema>()
const PATTERNS: Array<readonly [RegExp, v.GenericSchema]> = []
for (const [key, schema] of OPERATOR_CONTRACTS) {
  if (!key.includes('{')) LITERAL.set(key, schema)
  else PATTERNS.push([new RegExp(`^${key.replace(/\{\w+\}/g, '[^/]+')}$`), schema])
}

function operatorContractFor(method: string, path: string): v.GenericSchema | null {
  const key = `${method} ${path}`
  return LITERAL.get(key) ?? PATTERNS.find(([pattern]) => pattern.test(key))?.[1] ?? null
}

/** Where an answer breaks its contract (paths of the bad fields), or [] when it keeps it or has none. */
function contractIssues(method: string, url: string, status: number, body: unknown): string[] {
  const { pathname, search } = new URL(url, 'http://gateway.test')
  const envelope = body as { result?: { code?: unknown } } | null
  const isOk = status < 300 && envelope?.result?.code === 'ok'
  if (pathname.startsWith(`${OPERATOR}/`)) {
    const envelopeIssues = issuePaths(EnvelopeSchema, body)
    if (envelopeIssues.length) return envelopeIssues
    const content = (body as { content: unknown }).content
    if (!isOk) return issuePaths(RefusalSchema, content).map((p) => `content.${p}`)
    const schema = operatorContractFor(method, pathname)
    return schema ? issuePaths(schema, content).map((p) => `content.${p}`) : []
  }
  // The public contract describes the reads the portal makes; each is validated as the portal does.
  if (method !== 'GET' || !isOk) return []
  const checked = validatePayload(`${pathname}${search}`, body)
  return checked.ok || checked.issues[0] === '(no contract for this key)' ? [] : [...checked.issues]
}

/** Fails with the bad fields' paths when an answer breaks its contract. */
export function assertContract(method: string, url: string, status: number, body: unknown): void {
  const issues = contractIssues(method, url, status, body)
  if (issues.length)
    throw new Error(
      `${method} ${new URL(url, 'http://gateway.test').pathname} breaks its contract at ${issues.join(', ')}`,
    )
}
