/**
 * `/profile/account`: what a person does with their own account (docs/product.md#own-account): see where they are
 * signed in and sign out there, change the e-mail address through a mailed link, download their data and delete the
 * account. Each is a plain form posting to the page's action, so all of it works without JavaScript.
 */
import { useContext } from 'react'
import type { AccountSession, DataExport } from '../../../contract/gateway/account'
import { accountPlan } from '../../../shared/plans/account'
import { formatFileSize } from '../../features/media/file-size'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { InitialFormContext } from '../../runtime/form-context'
import { useLocale, useT } from '../../runtime/i18n'
import { useRoute, useRouteData } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Button } from '../../ui/button'
import { FormProblems, FormTextField, StatusPanel } from '../../ui/page-form'
import { PageTitle } from '../../ui/page-title'

/** The notices the page's action redirects with, each shown in its own section. */
const NOTICES = ['account.email.sent', 'account.sessions.ended', 'account.export.requested'] as const

export function Page() {
  const t = useT()
  const route = useRoute('profile-account')
  const { keys } = useRouteData(accountPlan)
  const sessions = usePayload(keys.sessions).data?.content ?? []
  const dataExport = usePayload(keys.dataExport).data?.content ?? null
  const form = useContext(InitialFormContext)
  const notice = (NOTICES as readonly string[]).includes(route.query.notice ?? '') ? route.query.notice : null
  const title = t('routes.profileAccount')
  /** The failed form's state, for the section whose form it was. */
  const stateOf = (intent: string) =>
    form && form.values.intent === intent ? form : { values: {}, errors: {}, code: null }
  return (
    <main id="main" className="profile-page account-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('account.lead')}</p>
      <SessionsSection
        sessions={sessions}
        notice={notice === 'account.sessions.ended'}
        state={stateOf('end-session')}
      />
      <EmailSection notice={notice === 'account.email.sent'} state={stateOf('email')} />
      <ExportSection dataExport={dataExport} notice={notice === 'account.export.requested'} state={stateOf('export')} />
      <DeleteSection state={stateOf('delete')} />
    </main>
  )
}

type FormState = { values: Record<string, string>; errors: Record<string, string>; code: string | null }

function SessionsSection({
  sessions,
  notice,
  state,
}: {
  sessions: readonly AccountSession[]
  notice: boolean
  state: FormState
}) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { path } = useRoute('profile-account')
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  const placeOf = (s: AccountSession) =>
    [s.city, s.country ? regions.of(s.country.toUpperCase()) : null].filter(Boolean).join(', ') ||
    t('account.sessions.unknownPlace')
  const deviceOf = (s: AccountSession) =>
    s.browser && s.os
      ? t('account.sessions.browserOn', { browser: s.browser, os: s.os })
      : (s.browser ?? s.os ?? t('account.sessions.unknownDevice'))
  const others = sessions.filter((s) => !s.current)
  return (
    <section className="account-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('account.sessions.title')}</h2>
      <p>{t('account.sessions.intro')}</p>
      {notice ? <StatusPanel>{t('account.sessions.ended')}</StatusPanel> : null}
      <FormProblems state={state} labels={{}} scope="sessions" />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-list__item">
            <div className="session-list__what">
              <strong>{deviceOf(s)}</strong>
              {s.current ? <span className="badge badge--success">{t('account.sessions.current')}</span> : null}
              <span>{placeOf(s)}</span>
              <span>{t('account.sessions.lastUsed', { date: f.dateTime(s.last_used_at, 'medium') })}</span>
            </div>
            {s.current ? null : (
              <form method="post" action={path}>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="id" value={String(s.id)} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  color="neutral"
                  label={t('account.sessions.end')}
                  aria-label={t('account.sessions.endNamed', { device: deviceOf(s), place: placeOf(s) })}
                />
              </form>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <form method="post" action={path} className="form__actions">
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" variant="outline" color="neutral" label={t('account.sessions.endOthers')} />
        </form>
      ) : (
        <p>{t('account.sessions.onlyThis')}</p>
      )}
    </section>
  )
}

function EmailSection({ notice, state }: { notice: boolean; state: FormState }) {
  const t = useT()
  const session = useSession()
  const { path } = useRoute('profile-account')
  const labels = { email: t('account.email.new') }
  return (
    <section className="account-section" aria-labelledby="email-title">
      <h2 id="email-title">{t('account.email.title')}</h2>
      <p>{t('account.email.current', { email: session.profile?.email ?? '' })}</p>
      {notice ? <StatusPanel>{t('account.email.sent')}</StatusPanel> : null}
      <FormProblems state={state} labels={labels} scope="email" />
      <form method="post" action={path} noValidate className="form form--narrow">
        <input type="hidden" name="intent" value="email" />
        <FormTextField
          name="email"
          scope="email"
          type="email"
          label={labels.email}
          hint={t('account.email.hint')}
          autoComplete="email"
          required
          defaultValue={state.values.email}
          error={state.errors.email}
        />
        <div className="form__actions">
          <Button type="submit" label={t('account.email.submit')} />
        </div>
      </form>
    </section>
  )
}

function ExportSection({ dataExport, notice, state }: { dataExport: DataExport; notice: boolean; state: FormState }) {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const { path } = useRoute('profile-account')
  const ready = dataExport?.state === 'ready' && dataExport.expires_at
  return (
    <section className="account-section" aria-labelledby="export-title">
      <h2 id="export-title">{t('account.export.title')}</h2>
      <p>{t('account.export.intro')}</p>
      {notice && dataExport?.state === 'pending' ? <StatusPanel>{t('account.export.requested')}</StatusPanel> : null}
      <FormProblems state={state} labels={{}} scope="export" />
      {ready ? (
        <p>
          <a href="/gateway/core/account/export/file" download className="btn btn--solid btn--md btn--primary">
            {t('account.export.download', { size: formatFileSize(locale, dataExport.size) })}
          </a>{' '}
          {t('account.export.until', { date: f.dateTime(dataExport.expires_at!, 'medium') })}
        </p>
      ) : dataExport?.state === 'pending' ? (
        <p role="status">{t('account.export.pending')}</p>
      ) : (
        <>
          {dataExport?.state === 'failed' ? <p role="alert">{t('account.export.failed')}</p> : null}
          <form method="post" action={path}>
            <input type="hidden" name="intent" value="export" />
            <Button type="submit" variant="outline" label={t('account.export.request')} />
          </form>
        </>
      )}
    </section>
  )
}

function DeleteSection({ state }: { state: FormState }) {
  const t = useT()
  const session = useSession()
  const { path } = useRoute('profile-account')
  const resident = session.profile?.is_resident === true
  const labels = { password: t('account.delete.password'), confirm: t('account.delete.confirm') }
  return (
    <section className="account-section account-section--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('account.delete.title')}</h2>
      <p>{t('account.delete.intro')}</p>
      <FormProblems state={state} labels={labels} scope="delete" />
      <form method="post" action={path} noValidate className="form form--narrow">
        <input type="hidden" name="intent" value="delete" />
        {resident ? null : (
          <FormTextField
            name="password"
            scope="delete"
            type="password"
            label={labels.password}
            autoComplete="current-password"
            required
            error={state.errors.password}
          />
        )}
        <label className="check" htmlFor="delete-confirm">
          <input
            className="check__input"
            type="checkbox"
            name="confirm"
            id="delete-confirm"
            value="yes"
            required
            aria-invalid={state.errors.confirm ? true : undefined}
            aria-describedby={state.errors.confirm ? 'delete-confirm-error' : undefined}
          />
          <span>{labels.confirm}</span>
        </label>
        {state.errors.confirm ? (
          <p className="field__error" id="delete-confirm-error">
            {t(state.errors.confirm)}
          </p>
        ) : null}
        <div className="form__actions">
          <Button type="submit" color="danger" label={t('account.delete.submit')} />
        </div>
      </form>
    </section>
  )
}
