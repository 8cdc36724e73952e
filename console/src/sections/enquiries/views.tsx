/**
 * The enquiries pipeline's screens (docs/gateway-contract.md#operator-enquiries): the overview of each status and of
 * enquiries left untouched, the list with its filters and export, and one enquiry (interest in a project or a contact
 * request) with its thread and forms.
 */
import {
  ENQUIRY_KINDS,
  ENQUIRY_LIMITS,
  ENQUIRY_OUTCOMES,
  ENQUIRY_STATUSES,
} from '../../../../contract/gateway/enquiry-values'
import type { Locale } from '../../../../contract/locales'
import type {
  EnquiryDetail,
  EnquiryFilter,
  EnquiryItem,
  EnquiryList as EnquiryListAnswer,
} from '../../../../contract/operators/enquiries'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, Facts, type FormState, ListView, Tabs, TextArea, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

/** A filter as the console's addresses carry it: absent values left out. */
function queryOf(filter: EnquiryFilter): Record<string, string | number | undefined> {
  return {
    q: filter.q || undefined,
    kind: filter.kind ?? undefined,
    stale: filter.stale_before ? 1 : undefined,
    status: filter.status ?? undefined,
    project_id: filter.project_id ?? undefined,
    sector_id: filter.sector_id ?? undefined,
    country_id: filter.country_id ?? undefined,
    assignee_id: filter.assignee_id === 0 ? 'none' : (filter.assignee_id ?? undefined),
  }
}

/** A status in the operator's language; a closed one with its outcome. */
export function statusLabel(t: Translate, e: Pick<EnquiryItem, 'status' | 'outcome'>): string {
  const status = t(`enquiries.status.${e.status}`)
  return e.outcome ? `${status} (${t(`enquiries.outcome.${e.outcome}`)})` : status
}

function Select(props: {
  id: string
  name: string
  label: string
  value: string
  any?: string
  options: readonly { value: string; label: string }[]
  error?: string
}) {
  return (
    <div className={`field${props.error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.error ? (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
      <select
        className="input input--select"
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      >
        {props.any !== undefined ? <option value="">{props.any}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

const idOptions = (items: readonly { id: number; name: string }[]) =>
  items.map((i) => ({ value: String(i.id), label: i.name }))

/** The list's filters: kind, project, sector, country and assignee (the status is the tabs'). */
function EnquiryFilterForm({ t, lang, list }: Common & { list: EnquiryListAnswer }) {
  const { filter, options } = list
  const value = (n: number | null) => (n === null ? '' : String(n))
  return (
    <form
      className="console-filter"
      method="get"
      action={paths.enquiries(lang)}
      role="search"
      aria-label={t('enquiries.filter')}
    >
      {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
      {filter.stale_before ? <input type="hidden" name="stale" value="1" /> : null}
      <div className="field">
        <label className="field__label" htmlFor="enquiries-q">
          {t('enquiries.search')}
        </label>
        <input
          className="input"
          type="search"
          id="enquiries-q"
          name="q"
          maxLength={100}
          defaultValue={filter.q ?? ''}
          aria-describedby="enquiries-q-hint"
        />
        <p className="field__hint" id="enquiries-q-hint">
          {t('enquiries.searchHint')}
        </p>
      </div>
      <Select
        id="enquiries-kind"
        name="kind"
        label={t('enquiries.kindLabel')}
        value={filter.kind ?? ''}
        any={t('enquiries.any')}
        options={ENQUIRY_KINDS.map((k) => ({ value: k, label: t(`enquiries.kinds.${k}`) }))}
      />
      <Select
        id="enquiries-project"
        name="project_id"
        label={t('enquiries.project')}
        value={value(filter.project_id)}
        any={t('enquiries.any')}
        options={idOptions(options.projects)}
      />
      <Select
        id="enquiries-sector"
        name="sector_id"
        label={t('enquiries.sector')}
        value={value(filter.sector_id)}
        any={t('enquiries.any')}
        options={idOptions(options.sectors)}
      />
      <Select
        id="enquiries-country"
        name="country_id"
        label={t('enquiries.country')}
        value={value(filter.country_id)}
        any={t('enquiries.any')}
        options={idOptions(options.countries)}
      />
      <Select
        id="enquiries-assignee"
        name="assignee_id"
        label={t('enquiries.assignee')}
        value={filter.assignee_id === 0 ? 'none' : value(filter.assignee_id)}
        any={t('enquiries.any')}
        options={[
          { value: 'none', label: t('enquiries.nobody') },
          ...options.assignees.map((a) => ({ value: String(a.id), label: a.name || a.email })),
        ]}
      />
      <button className="btn btn--outline btn--primary" type="submit">
        {t('enquiries.apply')}
      </button>
    </form>
  )
}

export function EnquiryList({
  t,
  lang,
  list,
  pageable,
}: Common & { list: EnquiryListAnswer; pageable: Pageable | null }) {
  const { filter } = list
  const query = queryOf(filter)
  const tabs = [
    {
      label: t('enquiries.all'),
      href: paths.enquiries(lang, { ...query, status: undefined }),
      current: !filter.status,
    },
    ...ENQUIRY_STATUSES.map((s) => ({
      label: t(`enquiries.status.${s}`),
      href: paths.enquiries(lang, { ...query, status: s }),
      count: list.counts[s],
      current: s === filter.status,
    })),
  ]
  return (
    <ListView
      t={t}
      head={
        <>
          <p className="console-summary">
            {filter.stale_before ? (
              <>
                {t('enquiries.staleOnly', { days: list.stale_days })}{' '}
                <a href={paths.enquiries(lang, { ...query, stale: undefined })}>{t('enquiries.staleClear')}</a>
              </>
            ) : (
              <a href={paths.enquiries(lang, { ...query, stale: 1 })}>
                {t('enquiries.stale', { count: list.stale, days: list.stale_days })}
              </a>
            )}
          </p>
          <Tabs label={t('enquiries.statuses')} tabs={tabs} />
          <EnquiryFilterForm t={t} lang={lang} list={list} />
          <p>
            <a className="btn btn--outline" href={paths.enquiriesExport(lang, query)} download>
              {t('enquiries.export')}
            </a>
          </p>
        </>
      }
      caption={t('enquiries.caption', { total: pageable?.total ?? list.items.length })}
      columns={[
        { label: t('enquiries.reference'), cell: (e) => <a href={paths.enquiry(lang, e.id)}>{e.reference}</a> },
        { label: t('enquiries.received'), cell: (e) => <Time iso={e.created_at} /> },
        { label: t('enquiries.project'), cell: (e) => e.project?.title ?? t('enquiries.kinds.contact') },
        {
          label: t('enquiries.enquirer'),
          cell: (e) => (
            <>
              {e.name}
              <br />
              {e.email}
            </>
          ),
        },
        { label: t('enquiries.country'), cell: (e) => e.country },
        {
          label: t('enquiries.state'),
          cell: (e) => <Badge state={e.status}>{statusLabel(t, e)}</Badge>,
        },
        { label: t('enquiries.assignee'), cell: (e) => e.assignee?.name || e.assignee?.email || t('enquiries.nobody') },
        { label: t('enquiries.due'), cell: (e) => e.due_date ?? '' },
      ]}
      items={list.items}
      rowKey={(e) => e.id}
      empty={t('enquiries.empty')}
      pageable={pageable}
      href={(page) => paths.enquiries(lang, { ...query, page })}
    />
  )
}

const fieldError = (state: FormState, form: string, id: string) =>
  state.form === form ? state.problem?.fields.find((f) => f.id === id)?.message : undefined

/** The form changing status, outcome, assignee and due date. */
function ChangeForm({ t, lang, enquiry, state }: Common & { enquiry: EnquiryDetail; state: FormState }) {
  const typed = state.form === 'change' ? state.values : null
  const value = (name: string, current: string) => typed?.[name] ?? current
  return (
    <form className="form" method="post" action={paths.enquiry(lang, enquiry.id)}>
      <h2>{t('enquiries.changeTitle')}</h2>
      <Select
        id="enquiry-status"
        name="status"
        label={t('enquiries.state')}
        value={value('status', enquiry.status)}
        options={ENQUIRY_STATUSES.map((s) => ({ value: s, label: t(`enquiries.status.${s}`) }))}
        error={fieldError(state, 'change', 'enquiry-status')}
      />
      <Select
        id="enquiry-outcome"
        name="outcome"
        label={t('enquiries.outcomeLabel')}
        value={value('outcome', enquiry.outcome ?? '')}
        any={t('enquiries.noOutcome')}
        options={ENQUIRY_OUTCOMES.map((o) => ({ value: o, label: t(`enquiries.outcome.${o}`) }))}
        error={fieldError(state, 'change', 'enquiry-outcome')}
      />
      <TextArea
        id="enquiry-reason"
        name="outcome_reason"
        label={t('enquiries.reason')}
        hint={t('enquiries.reasonHint')}
        maxLength={ENQUIRY_LIMITS.reason}
        value={value('outcome_reason', enquiry.outcome_reason ?? '')}
        error={fieldError(state, 'change', 'enquiry-reason')}
      />
      <Select
        id="enquiry-assignee"
        name="assignee_id"
        label={t('enquiries.assignee')}
        value={value('assignee_id', enquiry.assignee ? String(enquiry.assignee.id) : '')}
        any={t('enquiries.nobody')}
        options={enquiry.assignees.map((a) => ({ value: String(a.id), label: a.name || a.email }))}
        error={fieldError(state, 'change', 'enquiry-assignee')}
      />
      <div className={`field${fieldError(state, 'change', 'enquiry-due') ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="enquiry-due">
          {t('enquiries.due')}
        </label>
        <input
          className="input input--short"
          type="date"
          id="enquiry-due"
          name="due_date"
          defaultValue={value('due_date', enquiry.due_date ?? '')}
        />
      </div>
      <div className="form__actions">
        <button className="btn btn--solid btn--primary" type="submit">
          {t('enquiries.save')}
        </button>
      </div>
    </form>
  )
}

/** A reply to the enquirer, or an internal note. */
function ThreadForm({
  t,
  lang,
  enquiry,
  state,
  kind,
}: Common & { enquiry: EnquiryDetail; state: FormState; kind: 'replies' | 'notes' }) {
  const id = kind === 'replies' ? 'enquiry-reply' : 'enquiry-note'
  return (
    <form className="form" method="post" action={paths.enquiryAction(lang, enquiry.id, kind)}>
      <h2>{t(`enquiries.${kind}.title`)}</h2>
      <TextArea
        id={id}
        name="body"
        label={t(`enquiries.${kind}.label`)}
        hint={t(`enquiries.${kind}.hint`)}
        maxLength={kind === 'replies' ? ENQUIRY_LIMITS.reply : ENQUIRY_LIMITS.note}
        required
        value={state.form === kind ? state.values.body : undefined}
        error={fieldError(state, kind, id)}
      />
      <div className="form__actions">
        <button className={`btn ${kind === 'replies' ? 'btn--solid' : 'btn--outline'} btn--primary`} type="submit">
          {t(`enquiries.${kind}.submit`)}
        </button>
      </div>
    </form>
  )
}

/** What the enquirer told: about a project, or (a contact request) through the contact form. */
function facts(t: Translate, enquiry: EnquiryDetail): [string, string | null][] {
  const who: [string, string][] = [
    [t('enquiries.enquirer'), `${enquiry.name} <${enquiry.email}>`],
    [t('enquiries.account'), t(enquiry.signed_in ? 'enquiries.signedIn' : 'enquiries.visitor')],
    [t('enquiries.phone'), enquiry.phone],
    [t('enquiries.company'), enquiry.company_name],
  ]
  if (!enquiry.project) {
    const contact = enquiry.contact
    return [
      ...who,
      [t('enquiries.designation'), contact?.designation ?? ''],
      [t('enquiries.country'), contact?.country ?? ''],
      [t('enquiries.website'), contact?.website ?? ''],
      [t('enquiries.purpose'), contact?.purpose ? t(`enquiries.purposes.${contact.purpose}`) : ''],
    ]
  }
  return [
    [t('enquiries.project'), `${enquiry.project.title} (${enquiry.project.sector})`],
    ...who,
    [t('enquiries.country'), enquiry.country],
    [t('enquiries.amount'), enquiry.amount],
    [t('enquiries.timeframe'), enquiry.timeframe ? t(`enquiries.timeframes.${enquiry.timeframe}`) : ''],
  ]
}

export function EnquiryRecord({ t, lang, enquiry, state }: Common & { enquiry: EnquiryDetail; state: FormState }) {
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <div className="console-panel">
        <Facts
          items={[
            [
              t('enquiries.state'),
              <Badge key="s" state={enquiry.status}>
                {statusLabel(t, enquiry)}
              </Badge>,
            ],
            [t('enquiries.reason'), enquiry.outcome_reason],
            [t('enquiries.kindLabel'), t(`enquiries.kinds.${enquiry.kind}`)],
            ...facts(t, enquiry),
            [t('enquiries.assignee'), enquiry.assignee?.name || enquiry.assignee?.email || t('enquiries.nobody')],
            [t('enquiries.due'), enquiry.due_date],
            [t('enquiries.received'), <Time key="r" iso={enquiry.created_at} />],
            [t('enquiries.touched'), <Time key="u" iso={enquiry.updated_at} />],
          ]}
        />
      </div>
      <h2>{t('enquiries.message')}</h2>
      <p className="console-text">{enquiry.message}</p>
      <h2>{t('enquiries.thread')}</h2>
      {enquiry.thread.length === 0 ? (
        <p>{t('enquiries.noThread')}</p>
      ) : (
        <ol className="console-thread">
          {enquiry.thread.map((m) => (
            <li key={m.id} className={m.kind === 'message' ? undefined : 'console-thread__agency'}>
              <strong>{t(`enquiries.kind.${m.kind}`)}</strong>
              {m.operator ? ` · ${m.operator.name || m.operator.email}` : null}
              {' · '}
              <Time iso={m.created_at} />
              <p>{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <div className="console-actions">
        <ChangeForm t={t} lang={lang} enquiry={enquiry} state={state} />
        <ThreadForm t={t} lang={lang} enquiry={enquiry} state={state} kind="replies" />
        <ThreadForm t={t} lang={lang} enquiry={enquiry} state={state} kind="notes" />
      </div>
    </>
  )
}
