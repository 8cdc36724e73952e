/** The audit log (docs/gateway-contract.md#operator): every change an operator made, filtered, newest first. */
import type { Locale } from '../../../../contract/locales'
import type { AuditEntry, AuditLog } from '../../../../contract/operators/audit'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { Operator } from '../../../../contract/operators/operators'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { ListView, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

export type AuditQuery = { operator?: number; action?: string; target?: string; target_id?: number }

/** Where a target's record is in the console, if it has a page. */
function targetHref(lang: Locale, kind: string, id: number): string | null {
  if (!id) return null
  if (kind === 'appeal') return paths.appeal(lang, id)
  if (kind === 'project') return paths.project(lang, id)
  if (kind === 'registration') return paths.registration(lang, id)
  if (kind === 'contact') return paths.contactRequest(lang, id)
  if (kind === 'event_application') return paths.inboxItem(lang, 'event', id)
  if (kind === 'mail') return paths.mail(lang)
  if (kind === 'enquiry') return paths.enquiry(lang, id)
  return null
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The fields a change touched, each as before → after. */
function Change({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return (
    <ul className="console-change">
      {keys.map((key) => (
        <li key={key}>
          {key}: {before && key in before ? <del>{show(before[key])}</del> : null}
          {before && key in before && after && key in after ? ' → ' : null}
          {after && key in after ? <ins>{show(after[key])}</ins> : null}
        </li>
      ))}
    </ul>
  )
}

/** The log's filter: who, what, and which record. */
function AuditFilter({
  t,
  lang,
  log,
  operators,
  query,
}: Common & { log: AuditLog; operators: Operator[]; query: AuditQuery }) {
  return (
    <form
      className="console-filter"
      method="get"
      action={paths.audit(lang)}
      role="search"
      aria-label={t('audit.filter')}
    >
      <div className="field">
        <label className="field__label" htmlFor="audit-operator">
          {t('audit.operator')}
        </label>
        <select className="input input--select" id="audit-operator" name="operator" defaultValue={query.operator ?? ''}>
          <option value="">{t('audit.anyone')}</option>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.email}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="audit-action">
          {t('audit.action')}
        </label>
        <select className="input input--select" id="audit-action" name="action" defaultValue={query.action ?? ''}>
          <option value="">{t('audit.anyAction')}</option>
          {log.actions.map((a) => (
            <option key={a} value={a}>
              {t(`audit.actions.${a}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="audit-target">
          {t('audit.target')}
        </label>
        <select className="input input--select" id="audit-target" name="target" defaultValue={query.target ?? ''}>
          <option value="">{t('audit.anyTarget')}</option>
          {log.targets.map((k) => (
            <option key={k} value={k}>
              {t(`audit.targets.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="audit-target-id">
          {t('audit.targetId')}
        </label>
        <input
          className="input input--short"
          id="audit-target-id"
          name="target_id"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          defaultValue={query.target_id ?? ''}
        />
      </div>
      <button className="btn btn--outline btn--primary" type="submit">
        {t('audit.apply')}
      </button>
    </form>
  )
}

export function Audit({
  t,
  lang,
  log,
  operators,
  query,
  pageable,
}: Common & { log: AuditLog; operators: Operator[]; query: AuditQuery; pageable: Pageable | null }) {
  const target = (e: AuditEntry) =>
    `${t(`audit.targets.${e.target.kind}`)}${e.target.id ? ` ${t('audit.numbered', { id: e.target.id })}` : ''}`
  return (
    <ListView
      t={t}
      head={<AuditFilter t={t} lang={lang} log={log} operators={operators} query={query} />}
      caption={t('audit.caption', { total: pageable?.total ?? log.items.length })}
      columns={[
        { label: t('audit.when'), cell: (e) => <Time iso={e.at} /> },
        {
          label: t('audit.operator'),
          cell: (e) => (e.operator.name ? `${e.operator.name} <${e.operator.email}>` : e.operator.email),
        },
        { label: t('audit.action'), cell: (e) => t(`audit.actions.${e.action}`) },
        {
          label: t('audit.target'),
          cell: (e) => {
            const href = targetHref(lang, e.target.kind, e.target.id)
            return href ? <a href={href}>{target(e)}</a> : target(e)
          },
        },
        { label: t('audit.change'), cell: (e) => <Change before={e.before} after={e.after} /> },
      ]}
      items={log.items}
      rowKey={(e) => e.id}
      rowData={(e) => ({ 'data-action': e.action })}
      pageable={pageable}
      href={(page) => paths.audit(lang, { ...query, page })}
    />
  )
}
