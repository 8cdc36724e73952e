/** The inbox: contact requests and event applications, filtered, exported, opened, and marked handled. */
import type { ReactNode } from 'react'
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { InboxFilter, InboxItem, InboxList as InboxListAnswer } from '../../../../contract/operators/inbox'
import { INBOX_HANDLED, INBOX_KINDS } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, Facts, type FormProblem, ListView, Tabs, Time } from '../../ui'
import { fieldText, INBOX_COLUMNS } from './columns'

type Common = { t: Translate; lang: Locale }

const nameOf = (item: InboxItem) =>
  item.kind === 'contact'
    ? `${fieldText(item, 'name')} ${fieldText(item, 'last_name')}`
    : `${fieldText(item, 'first_name')} ${fieldText(item, 'last_name')}`

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
function InboxFilterForm({ t, lang, filter }: Common & { filter: InboxFilter }) {
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
          <InboxFilterForm t={t} lang={lang} filter={filter} />
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
            <a href={paths.inboxItem(lang, item.kind, item.id)}>{t('inbox.numbered', { id: item.id })}</a>
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
          label: t(filter.kind === 'contact' ? 'inbox.fields.purpose' : 'inbox.fields.event_title'),
          cell: (item) =>
            item.kind === 'contact'
              ? t(`inbox.purposes.${fieldText(item, 'purpose')}`)
              : fieldText(item, 'event_title'),
        },
        { label: t('inbox.state'), cell: (item) => <Handled t={t} item={item} /> },
      ]}
      items={list.items}
      rowKey={(item) => item.id}
      rowData={(item) => ({ 'data-id': item.id })}
      pageable={pageable}
      href={(page) => paths.inbox(lang, { ...filter, page })}
    />
  )
}

export function InboxRecord({ t, lang, item, problem }: Common & { item: InboxItem; problem: FormProblem | null }) {
  const values = INBOX_COLUMNS[item.kind]
    .filter(([field]) => field !== 'id')
    .map(([field, label]): [string, ReactNode] => {
      if (field === 'created_at') return [t(label), <Time key="received" iso={item.created_at} />]
      if (field === 'purpose') return [t(label), t(`inbox.purposes.${fieldText(item, 'purpose')}`)]
      return [t(label), fieldText(item, field)]
    })
  return (
    <>
      <ErrorSummary t={t} problem={problem} />
      <div className="console-panel">
        <Facts items={[[t('inbox.state'), <Handled key="v3" t={t} item={item} />], ...values]} />
      </div>
      {item.kind === 'event' ? (
        <>
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
        </>
      ) : null}
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
