/**
 * The investor and business registration forms (docs/product.md#registration), for non-residents: a resident is
 * offered OneID instead, which opens their account at the first sign-in (docs/decisions/0049-identity-from-oneid.md).
 * What the chosen residency needs is revealed under its radio with CSS (`:has`), which also hides the rest of the form
 * from a resident, so the reveal needs no script and the form posts to its page action with or without JavaScript.
 */
import type { ReactNode } from 'react'
import type { Country } from '../../../contract/gateway/media'
import { REGISTRATION_SOURCES, type RegistrationKind, registrationSchema } from '../../../shared/forms/guide-forms'
import { href } from '../../../shared/routing/match'
import { usePageForm } from '../../runtime/forms'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { FormProblems, FormSelectField, FormTextAreaField, FormTextField, fieldId } from '../../ui/page-form'
import { BOT_ACTIONS, useBotProtection } from '../bot-protection/bot-protection'

const SCOPE = 'register'

/** Field names in the order of the form, for the error summary. */
const FIELDS: Readonly<Record<RegistrationKind, readonly string[]>> = {
  investor: [
    'is_resident',
    'country_id',
    'company_name',
    'position',
    'website',
    'name',
    'surname',
    'email',
    'phone',
    'source',
    'source_variant',
    'comments',
  ],
  business: [
    'is_resident',
    'company_name',
    'legal_address',
    'website',
    'name',
    'surname',
    'email',
    'phone',
    'source',
    'source_variant',
    'comments',
  ],
}

export function RegistrationForm({ kind, countries = [] }: { kind: RegistrationKind; countries?: readonly Country[] }) {
  const t = useT()
  const locale = useLocale()
  const bot = useBotProtection()
  const form = usePageForm({
    // The form lists the schema module's sources, so the schema is in the page's chunk already.
    schema: () => Promise.resolve(registrationSchema(kind)),
    prepare: async (data) => {
      data.set('hash', await bot.getChallengeToken(BOT_ACTIONS.register))
    },
  })
  const { state } = form
  const values = state.values
  const label = (name: string) => t(`guide.form.fields.${name}`)
  // The summary reads "Label: message"; the source's label is a question, so it gets a short noun there.
  const labels = {
    ...Object.fromEntries(FIELDS[kind].map((name) => [name, label(name)])),
    source: label('sourceShort'),
  }
  const common = (name: string) => ({
    name,
    scope: SCOPE,
    label: label(name),
    error: state.errors[name],
    defaultValue: values[name] ?? '',
  })
  const countryOptions = countries
    .map((c) => ({ value: String(c.id), label: c.country }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))

  return (
    <form
      method="post"
      action={form.action}
      onSubmit={form.onSubmit}
      noValidate
      className="form guide-form"
      aria-labelledby="registration-form-title"
    >
      <FormProblems state={state} labels={labels} scope={SCOPE} />
      <p className="guide-form__required">{t('guide.form.requiredNote')}</p>

      <fieldset
        className={['field', 'fieldset', 'guide-residency', state.errors.is_resident && 'field--error']
          .filter(Boolean)
          .join(' ')}
        aria-describedby={state.errors.is_resident ? `${fieldId('is_resident', SCOPE)}-error` : undefined}
      >
        <legend className="field__label guide-form__legend">
          {label('is_resident')}
          <span className="field__required"> ({t('form.required')})</span>
        </legend>
        {state.errors.is_resident ? (
          <p className="field__error" id={`${fieldId('is_resident', SCOPE)}-error`}>
            <Icon name="alert" />
            <span className="visually-hidden">{t('form.errorPrefix')} </span>
            {t(state.errors.is_resident)}
          </p>
        ) : null}
        <div className="radios">
          <Residency
            id={fieldId('is_resident', SCOPE)}
            value="true"
            checked={values.is_resident === 'true'}
            label={t('guide.form.resident')}
            hint={t(`guide.form.residentHint.${kind}`)}
          >
            <p className="guide-residency__oneid">{t(`auth.register.residentText.${kind}`)}</p>
            <Button
              href={href('one-id', { locale, query: { role: kind === 'investor' ? 'investor' : 'businessmen' } })}
              variant="outline"
              iconName="shield"
              label={t('auth.register.oneId')}
            />
          </Residency>
          <Residency
            id={`${fieldId('is_resident', SCOPE)}-1`}
            value="false"
            checked={values.is_resident === 'false'}
            label={t('guide.form.nonResident')}
            hint={t(`guide.form.nonResidentHint.${kind}`)}
          >
            {kind === 'investor' ? (
              <FormSelectField
                {...common('country_id')}
                options={countryOptions}
                placeholder={t('guide.form.choose')}
                autoComplete="country"
                required
              />
            ) : null}
          </Residency>
        </div>
      </fieldset>

      <fieldset className="form__section guide-form__section">
        <legend>{t(kind === 'investor' ? 'guide.form.sections.company' : 'guide.form.sections.business')}</legend>
        <div className="form__group">
          <FormTextField {...common('company_name')} autoComplete="organization" required />
          {kind === 'investor' ? <FormTextField {...common('position')} autoComplete="organization-title" /> : null}
          {kind === 'business' ? (
            <FormTextField
              {...common('legal_address')}
              hint={t('guide.form.hints.legalAddress')}
              autoComplete="street-address"
            />
          ) : null}
          <FormTextField
            {...common('website')}
            hint={t('guide.form.hints.website')}
            type="url"
            inputMode="url"
            autoComplete="url"
          />
        </div>
      </fieldset>

      <fieldset className="form__section guide-form__section">
        <legend>{t('guide.form.sections.contact')}</legend>
        <div className="form__group">
          <div className="form__row form__row--2">
            <FormTextField {...common('name')} autoComplete="given-name" required />
            <FormTextField {...common('surname')} autoComplete="family-name" required />
          </div>
          <FormTextField
            {...common('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
          />
          <FormTextField
            {...common('phone')}
            hint={t('guide.form.hints.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            width="medium"
            required
          />
        </div>
      </fieldset>

      <fieldset className="form__section guide-form__section">
        <legend>{t('guide.form.sections.more')}</legend>
        <div className="form__group">
          <FormSelectField
            {...common('source')}
            options={REGISTRATION_SOURCES.map((s) => ({ value: s, label: t(`guide.form.sources.${s}`) }))}
            placeholder={t('guide.form.choose')}
            required
          />
          <FormTextField {...common('source_variant')} hint={t('guide.form.hints.sourceVariant')} />
          <FormTextAreaField
            {...common('comments')}
            hint={t(`guide.form.hints.comments.${kind}`)}
            rows={5}
            maxLength={2000}
          />
        </div>
      </fieldset>

      <p className="guide-form__privacy">
        {t('guide.form.privacy')} <Link to={href('privacy-policy', { locale })}>{t('guide.form.privacyLink')}</Link>
      </p>
      <div className="form__actions guide-form__actions">
        <Button
          type="submit"
          size="lg"
          label={t('guide.form.submit')}
          loadingLabel={t('guide.form.sending')}
          loading={form.pending}
        />
      </div>
    </form>
  )
}

/** One residency radio with the fields it reveals right under it. */
function Residency({
  id,
  value,
  checked,
  label,
  hint,
  children,
}: {
  id: string
  value: 'true' | 'false'
  checked: boolean
  label: string
  hint: string
  children: ReactNode
}) {
  return (
    <div className="guide-residency__option">
      <div className="check">
        <input
          type="radio"
          id={id}
          name="is_resident"
          value={value}
          className="check__input check__input--radio"
          defaultChecked={checked}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className="check__label">
          {label}
        </label>
      </div>
      <p className="field__hint guide-residency__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div
        className={`guide-residency__fields guide-residency__fields--${value === 'true' ? 'resident' : 'non-resident'}`}
      >
        {children}
      </div>
    </div>
  )
}
