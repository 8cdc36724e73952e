/**
 * `/auth/reset-password?time&token&email&uuid`: a new password from a valid link (the edge checked it before
 * rendering). A new account's link from an approved registration adds `purpose=welcome`, and the page then asks to set
 * the password rather than reset it (docs/product.md#registration).
 */

import { NewPasswordFields } from '../features/account/new-password-fields'
import { BOT_ACTIONS, useBotProtection } from '../features/bot-protection/bot-protection'
import { usePageForm } from '../runtime/forms'
import { useT } from '../runtime/i18n'
import { showToast } from '../runtime/notify'
import { useRoute } from '../runtime/router'
import { Button } from '../ui/button'
import { FormProblems } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

export function Page() {
  const t = useT()
  const route = useRoute('reset-password')
  const bot = useBotProtection()
  const form = usePageForm({
    schema: () => import('../../shared/forms/account-forms').then((m) => m.ResetPasswordSchema),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.resetPassword).catch(() => ''))
    },
    onResult: (res) => {
      const notice = res.notice
      if (res.redirect && notice) showToast('success', () => t(notice))
    },
  })
  const { state } = form
  const labels = { password: t('auth.reset.password'), password_confirmation: t('auth.reset.confirmation') }
  const welcome = route.query.purpose === 'welcome'
  const title = t(welcome ? 'auth.reset.welcome.title' : 'auth.reset.title')
  return (
    <main id="main" className="container page auth-page auth-page--narrow">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">
        {t(welcome ? 'auth.reset.welcome.intro' : 'auth.reset.intro', { email: route.query.email })}
      </p>
      <FormProblems state={state} labels={labels} />
      <form method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form">
        {/* Password managers file the new password under the account it belongs to. */}
        <input type="email" name="username" autoComplete="username" value={route.query.email} readOnly hidden />
        <NewPasswordFields
          name="password"
          label={labels.password}
          hint={t('auth.reset.passwordHint')}
          confirmLabel={labels.password_confirmation}
          errors={state.errors}
        />
        <div className="form__actions">
          <Button type="submit" label={t('auth.reset.submit')} loading={form.pending} />
        </div>
      </form>
    </main>
  )
}
