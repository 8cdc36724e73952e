/** The admin's screens: the operators (add, change role, remove) and the audit log. */
import type { Locale } from '../../../../contract/locales'
import type { AuditEntry, AuditLog } from '../../../../contract/operators/audit'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { Operator } from '../../../../contract/operators/operators'
import { OPERATOR_ROLES } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n'
import { paths } from '../../paths'
import { ErrorSummary, type FormProblem, Pager, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

function RoleSelect({ t, id, value }: { t: Translate; id: string; value?: string }) {
  return (
    <select className="input input--select" id={id} name="role" defaultValue={value ?? 'moderator'}>
      {OPERATOR_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </select>
  )
}

export function Operators({
  t,
  lang,
  me,
  operators,
  problem,
  values,
}: Common & {
  me: Operator
  operators: Operator[]
  problem: FormProblem | null
  values: Record<string, string>
}) {
  const emailError = problem?.fields.find((f) => f.id === 'operator-email')?.message
  return (
    <>
      <ErrorSummary t={t} problem={problem} />
      <div className="console-table-wrap">
        <table className="console-table">
          <caption>{t('operators.caption', { count: operators.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('operators.email')}</th>
              <th scope="col">{t('operators.name')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.remove')}</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.email}
                  {o.id === me.id ? ` (${t('operators.you')})` : ''}
                </td>
                <td>{o.name}</td>
                <td>
                  <form method="post" action={paths.operatorAction(lang, o.id, 'role')}>
                    <label className="visually-hidden" htmlFor={`role-${o.id}`}>
                      {t('operators.roleOf', { email: o.email })}
                    </label>
                    <RoleSelect t={t} id={`role-${o.id}`} value={o.role} />
                    <button className="btn btn--outline btn--primary btn--sm" type="submit">
                      {t('operators.changeRole')}
                      <span className="visually-hidden"> {o.email}</span>
                    </button>
                  </form>
                </td>
                <td>
                  <form method="post" action={paths.operatorAction(lang, o.id, 'remove')}>
                    <button className="btn btn--outline btn--danger btn--sm" type="submit">
                      {t('operators.removeButton')}
                      <span className="visually-hidden"> {o.email}</span>
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id="add-operator">{t('operators.addTitle')}</h2>
      <form className="form console-panel" method="post" action={paths.operators(lang)} aria-labelledby="add-operator">
        <p>{t('operators.addHint')}</p>
        <div className={`field${emailError ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor="operator-email">
            {t('operators.email')}
          </label>
          {emailError ? (
            <p className="field__error" id="operator-email-error">
              {emailError}
            </p>
          ) : null}
          <input
            className="input"
            id="operator-email"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            defaultValue={values.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'operator-email-error' : undefined}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="operator-name">
            {t('operators.name')}
          </label>
          <p className="field__hint" id="operator-name-hint">
            {t('operators.nameHint')}
          </p>
          <input
            className="input"
            id="operator-name"
            name="name"
            maxLength={100}
            defaultValue={values.name}
            aria-describedby="operator-name-hint"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="operator-role">
            {t('operators.role')}
          </label>
          <RoleSelect t={t} id="operator-role" value={values.role} />
        </div>
        <div className="form__actions">
          <button className="btn btn--solid btn--primary" type="submit">
            {t('operators.add')}
          </button>
        </div>
      </form>
    </>
  )
}

export type AuditQuery = { operator?: number; action?: string; target?: string; target_id?: number }

/** Where a target's record is in the console, if it has a page. */
function targetHref(lang: Locale, kind: string, id: number): string | null {
  if (!id) return null
  if (kind === 'appeal') return paths.appeal(lang, id)
  if (kind === 'project') return paths.project(lang, id)
  if (kind === 'registration') return paths.registration(lang, id)
  if (kind === 'contact') return paths.inboxItem(lang, 'contact', id)
  if (kind === 'event_application') return paths.inboxItem(lang, 'event', id)
  if (kind === 'mail') return paths.mail(lang)
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

export function Audit({
  t,
  lang,
  log,
  operators,
  query,
  pageable,
}: Common & { log: AuditLog; operators: Operator[]; query: AuditQuery; pageable: Pageable | null }) {
  const entries = log.items
  return (
    <>
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
          <select
            className="input input--select"
            id="audit-operator"
            name="operator"
            defaultValue={query.operator ?? ''}
          >
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
      {entries.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('audit.caption', { total: pageable?.total ?? entries.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const href = targetHref(lang, e.target.kind, e.target.id)
                const target = `${t(`audit.targets.${e.target.kind}`)}${e.target.id ? ` ${t('audit.numbered', { id: e.target.id })}` : ''}`
                return (
                  <tr key={e.id} data-action={e.action}>
                    <td>
                      <Time iso={e.at} />
                    </td>
                    <td>{e.operator.name ? `${e.operator.name} <${e.operator.email}>` : e.operator.email}</td>
                    <td>{t(`audit.actions.${e.action}`)}</td>
                    <td>{href ? <a href={href}>{target}</a> : target}</td>
                    <td>
                      <Change before={e.before} after={e.after} />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} pageable={pageable} href={(page) => paths.audit(lang, { ...query, page })} />
    </>
  )
}
