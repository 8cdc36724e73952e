/**
 * The interest form of a project (docs/product.md#enquiries). It works without JavaScript (it posts to the page's
 * action); the page loads this code when the reader turns to the form. A signed-in enquirer's contact details are the
 * account's, shown read-only; a visitor types theirs. A project that refuses interest (closed, or not published) is
 * told in the page's language.
 */
import { useEffect } from 'react'
import { ENQUIRY_LIMITS, ENQUIRY_REFUSALS, ENQUIRY_TIMEFRAMES } from '../../../contract/gateway/enquiry-values'
import type { Amount } from '../../../contract/gateway/guide'
import type { Country } from '../../../contract/gateway/media'
import { interestSchemaFor } from '../../../shared/forms/enquiry-form'
import { href } from '../../../shared/routing/match'
import { usePageForm } from '../../runtime/forms'
import { useCodeMessage, useLocale, useT } from '../../runtime/i18n'
import { showToast } from '../../runtime/notify'
import { Link } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Button } from '../../ui/button'
import { FormProblems, FormSelectField, FormTextAreaField, FormTextField, StatusPanel } from '../../ui/page-form'
import { BOT_ACTIONS, useBotProtection } from '../bot-protection/bot-protection'

const SCOPE = 'interest'

const isRefusal = (code: string | null): code is (typeof ENQUIRY_REFUSALS)[number] =>
  (ENQUIRY_REFUSALS as readonly (string | null)[]).includes(code)

export function InterestForm({ amounts, countries }: { amounts: readonly Amount[]; countries: readonly Country[] }) {
  const t = useT()
  const codeMessage = useCodeMessage()
  const locale = useLocale()
  const session = useSession()
  const profile = session.profile
  const signedIn = !!profile
  const bot = useBotProtection()
  const form = usePageForm({
    schema: () => Promise.resolve(interestSchemaFor(signedIn)),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.contact).catch(() => ''))
    },
    onResult: (res) => {
      const notice = res.notice
      if (res.redirect && notice) void showToast('success', () => t(notice))
    },
  })
  const { state } = form
  const refusal = isRefusal(state.code) ? state.code : null
  const code =
    state.code && !refusal && !(state.code === 'validation_error' && Object.keys(state.errors).length)
      ? state.code
      : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a new state) toasts its code once.
  useEffect(() => {
    if (code) void showToast('error', () => codeMessage(code))
  }, [state, code])

  if (refusal)
    return (
      <StatusPanel tone="warning" title={t('enquiries.refusedTitle')}>
        <p>{t(`enquiries.refusals.${refusal}`)}</p>
        <p>
          <Link to={href('guide-project', { locale })}>{t('enquiries.otherProjects')}</Link>
        </p>
      </StatusPanel>
    )

  const labels: Record<string, string> = {
    name: t('enquiries.name'),
    email: t('enquiries.email'),
    phone: t('enquiries.phone'),
    company_name: t('enquiries.company'),
    amount_id: t('enquiries.amount'),
    timeframe: t('enquiries.timeframe'),
    country_id: t('enquiries.country'),
    message: t('enquiries.message'),
  }
  const value = (name: string) => state.values[name] ?? ''
  const error = (name: string) => state.errors[name]
  const record = profile ? (profile[profile.role ?? 'investor'] ?? null) : null
  const account = {
    name: [record?.name, record?.surname].filter(Boolean).join(' '),
    email: profile?.email ?? record?.email ?? '',
    phone: record?.phone ?? '',
    company_name: record?.company_name ?? '',
  }
  return (
    <form
      method="post"
      action={form.action}
      onSubmit={form.onSubmit}
      noValidate
      className="form interest-form"
      aria-labelledby="interest-form-title"
    >
      <h2 id="interest-form-title">{t('enquiries.formTitle')}</h2>
      <FormProblems state={state} labels={labels} scope={SCOPE} />
      {signedIn ? (
        <section className="panel" aria-labelledby="interest-account">
          <h3 id="interest-account">{t('enquiries.asAccount')}</h3>
          <dl className="interest-form__account">
            {(['name', 'email', 'phone', 'company_name'] as const).map((k) =>
              account[k] ? (
                <div key={k}>
                  <dt>{labels[k]}</dt>
                  <dd>{account[k]}</dd>
                </div>
              ) : null,
            )}
          </dl>
          <p className="muted">{t('enquiries.accountNote')}</p>
        </section>
      ) : (
        <>
          <div className="form__row form__row--2">
            <FormTextField
              scope={SCOPE}
              name="name"
              label={labels.name}
              autoComplete="name"
              required
              maxLength={ENQUIRY_LIMITS.name}
              defaultValue={value('name')}
              error={error('name')}
            />
            <FormTextField
              scope={SCOPE}
              name="email"
              type="email"
              inputMode="email"
              label={labels.email}
              autoComplete="email"
              required
              defaultValue={value('email')}
              error={error('email')}
            />
          </div>
          <div className="form__row form__row--2">
            <FormTextField
              scope={SCOPE}
              name="phone"
              type="tel"
              inputMode="tel"
              label={labels.phone}
              autoComplete="tel"
              defaultValue={value('phone')}
              error={error('phone')}
            />
            <FormTextField
              scope={SCOPE}
              name="company_name"
              label={labels.company_name}
              autoComplete="organization"
              maxLength={ENQUIRY_LIMITS.company}
              defaultValue={value('company_name')}
              error={error('company_name')}
            />
          </div>
        </>
      )}
      <div className="form__row form__row--2">
        <FormSelectField
          scope={SCOPE}
          name="amount_id"
          label={labels.amount_id}
          placeholder={t('enquiries.notSaying')}
          defaultValue={value('amount_id')}
          error={error('amount_id')}
          options={amounts.map((a) => ({ value: String(a.id), label: a.content }))}
        />
        <FormSelectField
          scope={SCOPE}
          name="timeframe"
          label={labels.timeframe}
          required
          placeholder={t('enquiries.choose')}
          defaultValue={value('timeframe')}
          error={error('timeframe')}
          options={ENQUIRY_TIMEFRAMES.map((f) => ({ value: f, label: t(`enquiries.timeframes.${f}`) }))}
        />
      </div>
      <FormSelectField
        scope={SCOPE}
        name="country_id"
        label={labels.country_id}
        placeholder={t('enquiries.notSaying')}
        defaultValue={value('country_id')}
        error={error('country_id')}
        options={countries.map((c) => ({ value: String(c.id), label: c.country }))}
      />
      <FormTextAreaField
        scope={SCOPE}
        name="message"
        label={labels.message}
        hint={t('enquiries.messageHint', { min: ENQUIRY_LIMITS.messageMin, max: ENQUIRY_LIMITS.message })}
        rows={6}
        required
        maxLength={ENQUIRY_LIMITS.message}
        defaultValue={value('message')}
        error={error('message')}
      />
      <p className="muted">
        {t('enquiries.privacy')} <Link to={href('privacy-policy', { locale })}>{t('routes.privacyPolicy')}</Link>
      </p>
      <div className="form__actions">
        <Button
          type="submit"
          label={t('enquiries.submit')}
          loadingLabel={t('forms.sending')}
          loading={form.pending}
          iconName="mail"
        />
      </div>
    </form>
  )
}
