/**
 * Every address of the console, built in one place (as the portal's route table is the only source of its URLs,
 * docs/architecture.md#rule-2): `/{lang}/{area}/…`, with the query a list keeps.
 */
import type { Locale } from '../../contract/locales'
import type { AppealStatus, DecisionState, FeedbackAnswer, MailStatus } from '../../contract/operators/values'

type Query = Record<string, string | number | undefined>

function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && v !== 0) search.set(k, String(v))
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}

const at = (lang: Locale, ...parts: (string | number)[]) => ['', lang, ...parts].join('/')

export const paths = {
  home: (lang: Locale) => at(lang),
  appeals: (lang: Locale, query?: { status?: AppealStatus; page?: number }) => withQuery(at(lang, 'appeals'), query),
  appeal: (lang: Locale, id: number) => at(lang, 'appeals', id),
  appealAction: (lang: Locale, id: number, action: 'reply' | 'reject') => at(lang, 'appeals', id, action),
  projects: (lang: Locale, query?: { state?: DecisionState; page?: number }) => withQuery(at(lang, 'projects'), query),
  project: (lang: Locale, id: number) => at(lang, 'projects', id),
  projectAction: (lang: Locale, id: number, action: 'approve' | 'reject') => at(lang, 'projects', id, action),
  registrations: (lang: Locale, query?: { state?: DecisionState; page?: number }) =>
    withQuery(at(lang, 'registrations'), query),
  registration: (lang: Locale, id: number) => at(lang, 'registrations', id),
  registrationAction: (lang: Locale, id: number, action: 'approve' | 'reject') => at(lang, 'registrations', id, action),
  inbox: (lang: Locale, query?: { kind?: string; handled?: string; q?: string; event_id?: string; page?: number }) =>
    withQuery(at(lang, 'inbox'), query),
  inboxExport: (lang: Locale, query: { kind: string; handled: string; q: string; event_id?: string }) =>
    withQuery(at(lang, 'inbox', 'export.csv'), query),
  inboxItem: (lang: Locale, kind: string, id: number) => at(lang, 'inbox', kind, id),
  /** A contact request's old address, which leads to its enquiry. */
  contactRequest: (lang: Locale, id: number) => at(lang, 'inbox', 'contact', id),
  inboxHandled: (lang: Locale, kind: string, id: number) => at(lang, 'inbox', kind, id, 'handled'),
  inboxReply: (lang: Locale, id: number) => at(lang, 'inbox', 'contact', id, 'reply'),
  inboxDecision: (lang: Locale, id: number) => at(lang, 'inbox', 'event', id, 'decision'),
  enquiries: (lang: Locale, query?: Query) => withQuery(at(lang, 'enquiries'), query),
  enquiriesExport: (lang: Locale, query?: Query) => withQuery(at(lang, 'enquiries', 'export.csv'), query),
  enquiry: (lang: Locale, id: number) => at(lang, 'enquiries', id),
  enquiryAction: (lang: Locale, id: number, action: 'notes' | 'replies') => at(lang, 'enquiries', id, action),
  file: (lang: Locale, id: string) => at(lang, 'files', id),
  people: (lang: Locale, query?: { q?: string; page?: number }) => withQuery(at(lang, 'people'), query),
  person: (lang: Locale, id: number) => at(lang, 'people', id),
  personAction: (lang: Locale, id: number, action: 'contact' | 'block' | 'unblock' | 'erase') =>
    at(lang, 'people', id, action),
  operators: (lang: Locale) => at(lang, 'operators'),
  operatorAction: (lang: Locale, id: number, action: 'role' | 'remove') => at(lang, 'operators', id, action),
  audit: (lang: Locale, query?: Query) => withQuery(at(lang, 'audit'), query),
  mail: (lang: Locale, query?: { status?: MailStatus; page?: number }) => withQuery(at(lang, 'mail'), query),
  mailResend: (lang: Locale, id: number) => at(lang, 'mail', id, 'resend'),
  content: (lang: Locale) => at(lang, 'content'),
  /** A kind's list; besides these, a kind with a `filter` field takes it by its name (`category=news`). */
  contentKind: (lang: Locale, kind: string, query?: Query) => withQuery(at(lang, 'content', kind), query),
  contentNew: (lang: Locale, kind: string) => at(lang, 'content', kind, 'new'),
  contentItem: (lang: Locale, kind: string, id: number) => at(lang, 'content', kind, id),
  contentAction: (lang: Locale, kind: string, id: number, action: 'publish' | 'unpublish' | 'preview' | 'delete') =>
    at(lang, 'content', kind, id, action),
  /** What was deleted, for an admin to restore (docs/gateway-contract.md#operator-bin). */
  bin: (lang: Locale, query?: { page?: number }) => withQuery(at(lang, 'content', 'bin'), query),
  binRestore: (lang: Locale, id: number) => at(lang, 'content', 'bin', id, 'restore'),
  siteSettings: (lang: Locale) => at(lang, 'content', 'site-settings'),
  pageFeedback: (lang: Locale, query?: { answer?: FeedbackAnswer; path?: string; page?: number }) =>
    withQuery(at(lang, 'content', 'feedback'), query),
  /** The editor's calls: pages to link to, images to upload and show (docs/decisions/0055-console-editor.md). */
  contentEditor: (lang: Locale, call: 'links' | 'images') => at(lang, 'content', 'editor', call),
  /** Cloudflare Access signs the operator out of every application on this host. */
  signOut: '/cdn-cgi/access/logout',
}

/** The same page in another language: the path with its language segment replaced. */
export function switchLanguage(path: string, lang: Locale): string {
  return path.replace(/^\/(?:uz|ru|en)(?=\/|$)/, `/${lang}`)
}
