/**
 * The inbox: event applications, filtered (also by event), exported, opened, marked handled and decided. Contact
 * requests are followed as enquiries (docs/decisions/0056-enquiries.md#contact-requests).
 */
import type { ReactNode } from 'react'
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { InboxItem, InboxList as InboxListAnswer } from '../../../../contract/operators/inbox'
import { INBOX_HANDLED, INBOX_KINDS, type InboxKind } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, Facts, type FormState, ListView, Tabs, TextArea, Time } from '../../ui'
import { fieldText, INBOX_COLUMNS } from './columns'

type Common = { t: Translate; lang: Locale }

/** The list's filter as the console reads it from the query: `event_id` '' for every event. */
export type InboxFilter = { kind: InboxKind; handled: (typeof INBOX_HANDLED)[number]; q: string; event_id: string }

const fieldError = (state: FormState, form: string, id: string) =>
  state.form === form ? state.problem?.fields.find((f) => f.id === id)?.message : undefined

const nameOf = (item: InboxItem) => `${fieldText(item, 'first_name')} ${fieldText(item, 'last_name')}`

function Handled({ t, item }: { t: Translate; item: InboxItem }) {
  if (!item.handled) return <Badge state="open">{t('inbox.open')}</Badge>
  return (
    <>
      <Badge state="handled">{t('inbox.handledBadge')}</Badge>{' '}
      {t('inbox.handledBy', { who: item.handled.by.name || item.handled.by.email })},{' '}
      <Time key="v1" iso={item.handled.at} />
    </>
  )
}

/** The filter of the inbox's list: the kind's tab, which items, a search, and the export of what it matches. */
function InboxFilterForm({
  t,
  lang,
  filter,
  events,
}: Common & { filter: InboxFilter; events: NonNullable<InboxListAnswer['events']> }) {
  return (
    <form
      className="console-filter"
      method="get"
      action={paths.inbox(lang)}
      role="search"
      aria-label={t('inbox.filter')}
    >
      <input type="hidden" name="kind" value={filter.kind} />
      <div className="field">
        <label className="field__label" htmlFor="filter-handled">
          {t('inbox.show')}
        </label>
        <select className="input input--select" id="filter-handled" name="handled" defaultValue={filter.handled}>
          {INBOX_HANDLED.map((h) => (
            <option key={h} value={h}>
              {t(`inbox.handled.${h}`)}
            </option>
          ))}
        </select>
      </div>
      {filter.kind === 'event' ? (
        <div className="field">
          <label className="field__label" htmlFor="filter-event">
            {t('applicants.event')}
          </label>
          <select className="input input--select" id="filter-event" name="event_id" defaultValue={filter.event_id}>
            <option value="">{t('applicants.everyEvent')}</option>
            {events.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {t('applicants.eventOption', { title: e.title, count: e.applications })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="filter-q">
          {t('inbox.search')}
        </label>
        <input className="input" id="filter-q" name="q" type="search" maxLength={100} defaultValue={filter.q} />
      </div>
      <button className="btn btn--outline btn--primary" type="submit">
        {t('inbox.apply')}
      </button>
      <a className="btn btn--ghost btn--primary" href={paths.inboxExport(lang, filter)} download>
        {t('inbox.export')}
      </a>
    </form>
  )
}

export function InboxList({
  t,
  lang,
  filter,
  list,
  pageable,
}: Common & { filter: InboxFilter; list: InboxListAnswer; pageable: Pageable | null }) {
  return (
    <ListView
      t={t}
      head={
        <>
          <Tabs
            label={t('inbox.kinds')}
            tabs={INBOX_KINDS.map((k) => ({
              label: t(`inbox.kind.${k}`),
              href: paths.inbox(lang, { kind: k }),
              count: list.open[k],
              current: k === filter.kind,
            }))}
          />
          <InboxFilterForm t={t} lang={lang} filter={filter} events={list.events ?? []} />
        </>
      }
      caption={t('inbox.caption', {
        kind: t(`inbox.kind.${filter.kind}`),
        total: pageable?.total ?? list.items.length,
      })}
      columns={[
        {
          label: t('inbox.fields.id'),
          cell: (item) => (
            <a href={paths.inboxItem(lang, item.kind, item.id)}>
              {item.reference ?? t('inbox.numbered', { id: item.id })}
            </a>
          ),
        },
        { label: t('inbox.fields.created_at'), cell: (item) => <Time iso={item.created_at} /> },
        {
          label: t('inbox.sender'),
          cell: (item) => (
            <>
              {nameOf(item)}
              <br />
              {item.email}
            </>
          ),
        },
        {
          label: t('inbox.fields.event_title'),
          cell: (item) => fieldText(item, 'event_title'),
        },
        {
          label: t('inbox.state'),
          cell: (item) => (
            <>
              <Handled t={t} item={item} />
              {item.decision ? (
                <>
                  <br />
                  <Decision t={t} item={item} />
                </>
              ) : null}
            </>
          ),
        },
      ]}
      items={list.items}
      rowKey={(item) => item.id}
      rowData={(item) => ({ 'data-id': item.id })}
      pageable={pageable}
      href={(page) => paths.inbox(lang, { ...filter, page })}
    />
  )
}

function Decision({ t, item }: { t: Translate; item: InboxItem }) {
  if (!item.decision) return <Badge state="open">{t('applicants.undecided')}</Badge>
  return (
    <Badge state={item.decision === 'confirmed' ? 'handled' : 'rejected'}>
      {t(`applicants.${item.decision}Badge`)}
    </Badge>
  )
}

/** An application's decision: shown once made, else the form that confirms or declines it. */
function ApplicationDecision({ t, lang, item, state }: Common & { item: InboxItem; state: FormState }) {
  const reason = fieldText(item, 'decision_reason')
  return (
    <section aria-labelledby="decision-title">
      <h2 id="decision-title">{t('applicants.title')}</h2>
      {item.decision ? (
        <p>
          <Decision t={t} item={item} /> <Time iso={fieldText(item, 'decided_at') || null} />
          {reason ? ` · ${reason}` : null}
        </p>
      ) : (
        <form className="form" method="post" action={paths.inboxDecision(lang, item.id)}>
          <fieldset className="field">
            <legend className="field__label">{t('applicants.decision')}</legend>
            {(['confirmed', 'declined'] as const).map((d) => (
              <label key={d} className="check" htmlFor={`decision-${d}`}>
                <input
                  type="radio"
                  id={`decision-${d}`}
                  name="decision"
                  value={d}
                  required
                  defaultChecked={state.form === 'decision' && state.values.decision === d}
                />{' '}
                {t(`applicants.${d}Choice`)}
              </label>
            ))}
          </fieldset>
          <TextArea
            id="decision-reason"
            name="reason"
            label={t('applicants.reason')}
            hint={t('applicants.reasonHint')}
            maxLength={2000}
            value={state.form === 'decision' ? state.values.reason : undefined}
            error={fieldError(state, 'decision', 'decision-reason')}
          />
          <div className="form__actions">
            <button className="btn btn--solid btn--primary" type="submit">
              {t('applicants.decide')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}

export function InboxRecord({ t, lang, item, state }: Common & { item: InboxItem; state: FormState }) {
  const values = INBOX_COLUMNS[item.kind]
    .filter(([field]) => field !== 'id')
    .map(([field, label]): [string, ReactNode] => {
      if (field === 'created_at') return [t(label), <Time key="received" iso={item.created_at} />]
      return [t(label), fieldText(item, field)]
    })
  const reference: [string, ReactNode][] = item.reference ? [[t('enquiries.reference'), item.reference]] : []
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <div className="console-panel">
        <Facts items={[...reference, [t('inbox.state'), <Handled key="v3" t={t} item={item} />], ...values]} />
      </div>
      <h2>{t('inbox.documents')}</h2>
      {item.documents ? (
        <ul>
          <li>
            <a href={paths.file(lang, item.documents.passport)}>{t('inbox.passportScan')}</a>
          </li>
          <li>
            <a href={paths.file(lang, item.documents.photo)}>{t('inbox.photo')}</a>
          </li>
        </ul>
      ) : (
        <p>{t('inbox.noDocuments')}</p>
      )}
      <ApplicationDecision t={t} lang={lang} item={item} state={state} />
      <form className="form" method="post" action={paths.inboxHandled(lang, item.kind, item.id)}>
        <input type="hidden" name="handled" value={item.handled ? 'false' : 'true'} />
        <div className="form__actions">
          <button className={`btn ${item.handled ? 'btn--outline' : 'btn--solid'} btn--primary`} type="submit">
            {t(item.handled ? 'inbox.reopen' : 'inbox.markHandled')}
          </button>
        </div>
      </form>
    </>
  )
}
