/** `/profile/password` (non-residents): change the password, with bot protection and errors next to the fields. */
import { useRef } from 'react'
import { NewPasswordFields } from '../features/account/new-password-fields'
import { BOT_ACTIONS, useBotProtection } from '../features/bot-protection/bot-protection'
import { usePageForm } from '../runtime/forms'
import { useT } from '../runtime/i18n'
import { showToast } from '../runtime/notify'
import { useRoute } from '../runtime/router'
import { Button } from '../ui/button'
import { FormProblems, FormTextField, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

export function Page() {
  const t = useT()
  const route = useRoute('profile-password')
  const bot = useBotProtection()
  const formRef = useRef<HTMLFormElement>(null)
  const form = usePageForm({
    schema: () => import('../../shared/forms/account-forms').then((m) => m.ChangePasswordSchema),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.changePassword).catch(() => ''))
    },
    onResult: (res) => {
      if (!res.redirect) return
      const notice = res.notice
      if (notice) showToast('success', () => t(notice))
      formRef.current?.reset()
      form.setState({ values: {}, errors: {}, code: null })
    },
  })
  const { state } = form
  const labels = {
    old_password: t('profile.password.current'),
    new_password: t('profile.password.new'),
    password_confirmation: t('profile.password.confirmation'),
  }
  const title = t('profile.password.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('profile.password.intro')}</p>
      {route.query.notice === 'notices.passwordChanged' ? (
        <StatusPanel>{t('profile.password.done')}</StatusPanel>
      ) : null}
      <FormProblems state={state} labels={labels} />
      <form
        ref={formRef}
        method="post"
        action={form.action}
        onSubmit={form.onSubmit}
        noValidate
        className="form form--narrow"
      >
        <FormTextField
          name="old_password"
          type="password"
          label={labels.old_password}
          autoComplete="current-password"
          required
          error={state.errors.old_password}
        />
        <NewPasswordFields
          name="new_password"
          label={labels.new_password}
          hint={t('profile.password.newHint')}
          confirmLabel={labels.password_confirmation}
          errors={state.errors}
        />
        <div className="form__actions">
          <Button type="submit" label={t('profile.password.submit')} loading={form.pending} />
        </div>
      </form>
    </main>
  )
}
