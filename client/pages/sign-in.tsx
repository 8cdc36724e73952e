/** `/auth/sign-in?role=`: residents go to OneID, non-residents sign in with e-mail and password (works without JS). */
import { Suspense, useState } from 'react'
import { href } from '../../shared/routing/match'
import { AuthRoleNav } from '../features/account/auth-role-nav'
import { useLoadSession } from '../features/account/session-refresh'
import { BOT_ACTIONS, useBotProtection } from '../features/bot-protection/bot-protection'
import { usePageForm } from '../runtime/forms'
import { useCodeMessage, useLocale, useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { Link, useRoute } from '../runtime/router'
import { Button } from '../ui/button'
import { FormProblems, FormTextField, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

/** Shown only when the gateway knows no such account: its code loads with that answer. */
const AuthErrorDialog = lazyComponent(() =>
  import('../features/account/auth-error-dialog').then((m) => m.AuthErrorDialog),
)

/** Notices after a reset or a new account's first password, repeated on the page for readers without JavaScript. */
const PASSWORD_NOTICES = new Set(['notices.passwordReset', 'notices.passwordSet'])

export function Page() {
  const t = useT()
  const codeMessage = useCodeMessage()
  const locale = useLocale()
  const route = useRoute('sign-in')
  const role = route.query.role === 'businessmen' ? 'businessmen' : 'investor'
  const returnPath = route.query.return
  const bot = useBotProtection()
  const loadSession = useLoadSession()
  const [dialogKey, setDialogKey] = useState(0)
  const form = usePageForm({
    schema: () => import('../../shared/forms/account-forms').then((m) => m.SignInSchema),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.signIn).catch(() => ''))
    },
    onResult: async (res) => {
      setDialogKey((k) => k + 1)
      if (res.redirect) await loadSession()
    },
  })
  const { state } = form
  const labels = { email: t('auth.email'), password: t('auth.password') }
  const title = t('auth.signIn.title')
  return (
    <main id="main" className="container page auth-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('auth.signIn.intro')}</p>
      <AuthRoleNav routeId="sign-in" role={role} extraQuery={{ return: returnPath }} />
      {route.query.notice && PASSWORD_NOTICES.has(route.query.notice) ? (
        <StatusPanel>{t(route.query.notice)}</StatusPanel>
      ) : null}
      <div className="auth-page__options">
        <section className="auth-option" aria-labelledby="resident-title">
          <h2 id="resident-title">{t('auth.signIn.residentTitle')}</h2>
          <p>{t('auth.signIn.residentText')}</p>
          <Button
            href={href('one-id', { locale, query: { role, state: returnPath } })}
            variant="outline"
            iconName="shield"
            label={t('auth.signIn.oneId')}
          />
        </section>
        <section className="auth-option" aria-labelledby="non-resident-title">
          <h2 id="non-resident-title">{t('auth.signIn.nonResidentTitle')}</h2>
          <p>{t('auth.signIn.nonResidentText')}</p>
          <FormProblems state={state} labels={labels} skipCodes={['user_not_found']} />
          <form method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form">
            <FormTextField
              name="email"
              type="email"
              label={labels.email}
              autoComplete="username"
              inputMode="email"
              required
              defaultValue={state.values.email ?? ''}
              error={state.errors.email}
            />
            <FormTextField
              name="password"
              type="password"
              label={labels.password}
              autoComplete="current-password"
              required
              error={state.errors.password}
            />
            <div className="form__actions">
              <Button type="submit" label={t('auth.signIn.submit')} loading={form.pending} />
              <Link to={href('forgot-password', { locale, query: { role } })}>{t('auth.signIn.forgot')}</Link>
            </div>
          </form>
          <p className="auth-page__register">
            {t('auth.signIn.noAccount')}{' '}
            <Link to={href(role === 'investor' ? 'guide-register-investor' : 'guide-register-business', { locale })}>
              {t(role === 'investor' ? 'auth.signIn.registerInvestor' : 'auth.signIn.registerBusiness')}
            </Link>
          </p>
        </section>
      </div>
      {state.code === 'user_not_found' ? (
        <Suspense fallback={null}>
          <AuthErrorDialog key={dialogKey} message={codeMessage('user_not_found')} />
        </Suspense>
      ) : null}
    </main>
  )
}
