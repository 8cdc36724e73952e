/** `/auth/forgot-password?role=`: asks for the account's e-mail and sends a reset link (works without JS). */
import { href } from '../../shared/routing/match'
import { AuthRoleNav } from '../features/account/auth-role-nav'
import { BOT_ACTIONS, useBotProtection } from '../features/bot-protection/bot-protection'
import { usePageForm } from '../runtime/forms'
import { useLocale, useT } from '../runtime/i18n'
import { Link, useRoute } from '../runtime/router'
import { Button } from '../ui/button'
import { FormProblems, FormTextField, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const route = useRoute('forgot-password')
  const role = route.query.role === 'businessmen' ? 'businessmen' : 'investor'
  const sent = route.query.sent === '1'
  const bot = useBotProtection()
  const form = usePageForm({
    schema: () => import('../../shared/forms/account-forms').then((m) => m.ForgotPasswordSchema),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.sendNewPassword).catch(() => ''))
    },
  })
  const { state } = form
  const labels = { email: t('auth.email') }
  const title = t('auth.forgot.title')
  return (
    <main id="main" className="container page auth-page auth-page--narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      {sent ? (
        <StatusPanel title={t('auth.forgot.sentTitle')}>
          <p>{t('auth.forgot.sentText')}</p>
        </StatusPanel>
      ) : (
        <>
          <p className="lead">{t('auth.forgot.intro')}</p>
          <AuthRoleNav routeId="forgot-password" role={role} />
          <FormProblems state={state} labels={labels} />
          <form method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form">
            <FormTextField
              name="email"
              type="email"
              label={labels.email}
              autoComplete="email"
              inputMode="email"
              required
              defaultValue={state.values.email ?? ''}
              error={state.errors.email}
            />
            <div className="form__actions">
              <Button type="submit" label={t('auth.forgot.submit')} loading={form.pending} />
            </div>
          </form>
        </>
      )}
      <p>
        <Link to={href('sign-in', { locale, query: { role } })}>{t('auth.forgot.back')}</Link>
      </p>
    </main>
  )
}
