/** The inbox: contact requests and event applications, filtered, exported, opened, and marked handled. */
import type { ReactNode } from 'react'
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { InboxFilter, InboxItem, InboxList as InboxListAnswer } from '../../../../contract/operators/inbox'
import { INBOX_HANDLED, INBOX_KINDS, type InboxKind } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, Facts, type FormProblem, Pager, Tabs, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

/** The columns of each kind, in the list and the CSV alike: [field, label key]. */
export const INBOX_COLUMNS: Record<InboxKind, [string, string][]> = {
  contact: [
    ['id', 'inbox.fields.id'],
    ['created_at', 'inbox.fields.created_at'],
    ['name', 'inbox.fields.name'],
    ['last_name', 'inbox.fields.last_name'],
    ['email', 'inbox.fields.email'],
    ['phone', 'inbox.fields.phone'],
    ['company_name', 'inbox.fields.company_name'],
    ['designation', 'inbox.fields.designation'],
    ['country', 'inbox.fields.country'],
    ['website', 'inbox.fields.website'],
    ['purpose', 'inbox.fields.purpose'],
    ['message', 'inbox.fields.message'],
    ['lang', 'inbox.fields.lang'],
  ],
  event: [
    ['id', 'inbox.fields.id'],
    ['created_at', 'inbox.fields.created_at'],
    ['event_title', 'inbox.fields.event_title'],
    ['role', 'inbox.fields.role'],
    ['first_name', 'inbox.fields.first_name'],
    ['last_name', 'inbox.fields.last_name'],
    ['middle_name', 'inbox.fields.middle_name'],
    ['gender', 'inbox.fields.gender'],
    ['birth_date', 'inbox.fields.birth_date'],
    ['birthplace', 'inbox.fields.birthplace'],
    ['country', 'inbox.fields.country'],
    ['address', 'inbox.fields.address'],
    ['passport', 'inbox.fields.passport'],
    ['email', 'inbox.fields.email'],
    ['phone', 'inbox.fields.phone'],
    ['organization', 'inbox.fields.organization'],
    ['position', 'inbox.fields.position'],
    ['activity', 'inbox.fields.activity'],
    ['lang', 'inbox.fields.lang'],
  ],
}

const text = (item: InboxItem, field: string) => {
  const value = item[field]
  return value === null || value === undefined ? '' : String(value)
}

const nameOf = (item: InboxItem) =>
  item.kind === 'contact'
    ? `${text(item, 'name')} ${text(item, 'last_name')}`
    : `${text(item, 'first_name')} ${text(item, 'last_name')}`

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

export function InboxList(
  props: Common & {
    filter: InboxFilter
    items: InboxItem[]
    open: InboxListAnswer['open']
    pageable: Pageable | null
  },
) {
  const { t, lang, filter } = props
  return (
    <>
      <Tabs
        label={t('inbox.kinds')}
        tabs={INBOX_KINDS.map((k) => ({
          label: t(`inbox.kind.${k}`),
          href: paths.inbox(lang, { kind: k }),
          count: props.open[k],
          current: k === filter.kind,
        }))}
      />
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
      {props.items.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>
              {t('inbox.caption', {
                kind: t(`inbox.kind.${filter.kind}`),
                total: props.pageable?.total ?? props.items.length,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('inbox.fields.id')}</th>
                <th scope="col">{t('inbox.fields.created_at')}</th>
                <th scope="col">{t('inbox.sender')}</th>
                <th scope="col">
                  {t(filter.kind === 'contact' ? 'inbox.fields.purpose' : 'inbox.fields.event_title')}
                </th>
                <th scope="col">{t('inbox.state')}</th>
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => (
                <tr key={item.id} data-id={item.id}>
                  <td>
                    <a href={paths.inboxItem(lang, item.kind, item.id)}>{t('inbox.numbered', { id: item.id })}</a>
                  </td>
                  <td>
                    <Time iso={item.created_at} />
                  </td>
                  <td>
                    {nameOf(item)}
                    <br />
                    {item.email}
                  </td>
                  <td>
                    {item.kind === 'contact' ? t(`inbox.purposes.${text(item, 'purpose')}`) : text(item, 'event_title')}
                  </td>
                  <td>
                    <Handled t={t} item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} pageable={props.pageable} href={(page) => paths.inbox(lang, { ...filter, page })} />
    </>
  )
}

export function InboxRecord({ t, lang, item, problem }: Common & { item: InboxItem; problem: FormProblem | null }) {
  const values = INBOX_COLUMNS[item.kind]
    .filter(([field]) => field !== 'id')
    .map(([field, label]): [string, ReactNode] => {
      if (field === 'created_at') return [t(label), <Time key="received" iso={item.created_at} />]
      if (field === 'purpose') return [t(label), t(`inbox.purposes.${text(item, 'purpose')}`)]
      return [t(label), text(item, field)]
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
