/** The admin's operators: who may use the console, each with a role, added, changed and removed. */
import type { Locale } from '../../../../contract/locales'
import type { Operator } from '../../../../contract/operators/operators'
import { OPERATOR_ROLES } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { ErrorSummary, type FormProblem, ListView } from '../../ui'

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
      <ListView
        t={t}
        caption={t('operators.caption', { count: operators.length })}
        columns={[
          {
            label: t('operators.email'),
            cell: (o) => `${o.email}${o.id === me.id ? ` (${t('operators.you')})` : ''}`,
          },
          { label: t('operators.name'), cell: (o) => o.name },
          {
            label: t('operators.role'),
            cell: (o) => (
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
            ),
          },
          {
            label: t('operators.remove'),
            cell: (o) => (
              <form method="post" action={paths.operatorAction(lang, o.id, 'remove')}>
                <button className="btn btn--outline btn--danger btn--sm" type="submit">
                  {t('operators.removeButton')}
                  <span className="visually-hidden"> {o.email}</span>
                </button>
              </form>
            ),
          },
        ]}
        items={operators}
        rowKey={(o) => o.id}
      />
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
