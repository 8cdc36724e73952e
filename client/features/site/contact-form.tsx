/**
 * The contact form of `/contact-us` (works without JavaScript: it posts to the page's action) and, once sent, its
 * success panel. The page loads this code when the reader turns to the form (`HydrateWhenEngaged`).
 */
import { useEffect } from 'react'
import { CONTACT_MESSAGE_MIN, CONTACT_PURPOSES, ContactSchema } from '../../../shared/forms/contact-form'
import { href } from '../../../shared/routing/match'
import { usePageForm } from '../../runtime/forms'
import { useCodeMessage, useLocale, useT } from '../../runtime/i18n'
import { showToast } from '../../runtime/notify'
import { Link } from '../../runtime/router'
import { Button } from '../../ui/button'
import { RadioGroup } from '../../ui/form-field'
import { FormProblems, FormTextAreaField, FormTextField, fieldId, StatusPanel } from '../../ui/page-form'
import { ReferenceNote } from '../../ui/reference-note'
import { BOT_ACTIONS, useBotProtection } from '../bot-protection/bot-protection'

const SCOPE = 'contact'

/** `sent`: the page's `?sent=`, where a sent form lands, with the request's `reference` when it has one. */
export function ContactForm({ sent, reference }: { sent: boolean; reference: string }) {
  const t = useT()
  const codeMessage = useCodeMessage()
  const locale = useLocale()
  const bot = useBotProtection()
  const form = usePageForm({
    // The page shows the form's limits, so its schema module is in the page's chunk already.
    schema: () => Promise.resolve(ContactSchema),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.contact).catch(() => ''))
    },
    onResult: (res) => {
      const notice = res.notice
      if (res.redirect && notice) void showToast('success', () => t(notice))
    },
  })
  const { state } = form
  const code =
    state.code && !(state.code === 'validation_error' && Object.keys(state.errors).length) ? state.code : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a new state) toasts its code once.
  useEffect(() => {
    if (code) void showToast('error', () => codeMessage(code))
  }, [state, code])

  const labels: Record<string, string> = {
    purpose: t('site.contact.purpose'),
    name: t('site.contact.name'),
    last_name: t('site.contact.lastName'),
    email: t('site.contact.email'),
    phone: t('site.contact.phone'),
    company_name: t('site.contact.company'),
    designation: t('site.contact.designation'),
    country: t('site.contact.country'),
    website: t('site.contact.website'),
    message: t('site.contact.message'),
  }
  const value = (name: string) => state.values[name] ?? ''
  const error = (name: string) => state.errors[name]
  return sent ? (
    <div className="contact-page__sent">
      <StatusPanel title={t('site.contact.sentTitle')}>
        <p>{t('site.contact.sentText')}</p>
        {reference ? <ReferenceNote reference={reference} /> : null}
      </StatusPanel>
      <p>
        <Link to={href('contact-us', { locale })}>{t('site.contact.another')}</Link>
      </p>
    </div>
  ) : (
    <form
      method="post"
      action={form.action}
      onSubmit={form.onSubmit}
      noValidate
      className="form contact-form"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="visually-hidden">
        {t('site.contact.formTitle')}
      </h2>
      <FormProblems state={state} labels={labels} scope={SCOPE} />
      <RadioGroup
        id={fieldId('purpose', SCOPE)}
        name="purpose"
        label={labels.purpose}
        required
        defaultValue={value('purpose')}
        error={error('purpose') ? t(error('purpose')!) : null}
        options={CONTACT_PURPOSES.map((p) => ({ value: p, label: t(`site.contact.purposes.${p}`) }))}
      />
      <div className="form__row form__row--2">
        <FormTextField
          scope={SCOPE}
          name="name"
          label={labels.name}
          autoComplete="given-name"
          required
          defaultValue={value('name')}
          error={error('name')}
        />
        <FormTextField
          scope={SCOPE}
          name="last_name"
          label={labels.last_name}
          autoComplete="family-name"
          required
          defaultValue={value('last_name')}
          error={error('last_name')}
        />
      </div>
      <div className="form__row form__row--2">
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
        <FormTextField
          scope={SCOPE}
          name="phone"
          type="tel"
          inputMode="tel"
          label={labels.phone}
          hint={t('site.contact.phoneHint')}
          autoComplete="tel"
          required
          defaultValue={value('phone')}
          error={error('phone')}
        />
      </div>
      <div className="form__row form__row--2">
        <FormTextField
          scope={SCOPE}
          name="company_name"
          label={labels.company_name}
          autoComplete="organization"
          defaultValue={value('company_name')}
          error={error('company_name')}
        />
        <FormTextField
          scope={SCOPE}
          name="designation"
          label={labels.designation}
          autoComplete="organization-title"
          defaultValue={value('designation')}
          error={error('designation')}
        />
      </div>
      <div className="form__row form__row--2">
        <FormTextField
          scope={SCOPE}
          name="country"
          label={labels.country}
          autoComplete="country-name"
          defaultValue={value('country')}
          error={error('country')}
        />
        <FormTextField
          scope={SCOPE}
          name="website"
          type="url"
          inputMode="url"
          label={labels.website}
          hint={t('site.contact.websiteHint')}
          autoComplete="url"
          defaultValue={value('website')}
          error={error('website')}
        />
      </div>
      <FormTextAreaField
        scope={SCOPE}
        name="message"
        label={labels.message}
        hint={t('site.contact.messageHint', { min: CONTACT_MESSAGE_MIN })}
        rows={6}
        required
        defaultValue={value('message')}
        error={error('message')}
      />
      <p className="muted contact-form__privacy">
        {t('site.contact.privacy')} <Link to={href('privacy-policy', { locale })}>{t('routes.privacyPolicy')}</Link>
      </p>
      <div className="form__actions">
        <Button
          type="submit"
          label={t('site.contact.submit')}
          loadingLabel={t('forms.sending')}
          loading={form.pending}
          iconName="mail"
        />
      </div>
    </form>
  )
}
