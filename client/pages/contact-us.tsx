/** `/contact-us`: the contact form (works without JavaScript), its success panel and the agency's direct contacts. */
import { useEffect } from 'react'
import { CONTACT_MESSAGE_MIN, CONTACT_PURPOSES, ContactSchema } from '../../shared/contact-form'
import { href } from '../../shared/match'
import { BOT_ACTIONS, useBotProtection } from '../bot-protection'
import { fieldId, FormProblems, StatusPanel, FormTextAreaField, FormTextField } from '../components/page-form'
import { Breadcrumbs } from '../components/breadcrumbs'
import { Button } from '../components/button'
import { RadioGroup } from '../components/form-field'
import { Icon } from '../components/icon'
import { PageTitle } from '../components/page-title'
import { AsideLinks } from '../components/site/site-aside'
import { SitePageHead } from '../components/site/site-page-head'
import { usePageForm } from '../forms'
import { useCodeMessage, useLocale, useT } from '../i18n'
import { showToast } from '../notify'
import { Link, useRoute } from '../router'

const SCOPE = 'contact'

export function Page() {
  const t = useT()
  const codeMessage = useCodeMessage()
  const locale = useLocale()
  const route = useRoute('contact-us')
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
  const code = state.code && !(state.code === 'validation_error' && Object.keys(state.errors).length) ? state.code : null
  useEffect(() => {
    if (code) void showToast('error', () => codeMessage(code))
  }, [state, code, t])

  const sent = route.query.sent === '1'
  const title = t('routes.contactUs')
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
  return (
    <main id="main" className="container page site-page contact-page">
      <SitePageHead />
      <PageTitle title={title} description={t('site.contact.description')} />
      <Breadcrumbs items={[{ label: t('routes.contacts'), to: href('contacts', { locale }) }, { label: title }]} />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{t('site.contact.lead')}</p>
      </header>
      <div className="with-aside">
        <div className="contact-page__main">
          {sent ? (
            <div className="contact-page__sent">
              <StatusPanel title={t('site.contact.sentTitle')}>
                <p>{t('site.contact.sentText')}</p>
              </StatusPanel>
              <p>
                <Link to={href('contact-us', { locale })}>{t('site.contact.another')}</Link>
              </p>
            </div>
          ) : (
            <form method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form contact-form" aria-labelledby="contact-form-title">
              <h2 id="contact-form-title" className="visually-hidden">{t('site.contact.formTitle')}</h2>
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
                <FormTextField scope={SCOPE} name="name" label={labels.name} autoComplete="given-name" required defaultValue={value('name')} error={error('name')} />
                <FormTextField scope={SCOPE} name="last_name" label={labels.last_name} autoComplete="family-name" required defaultValue={value('last_name')} error={error('last_name')} />
              </div>
              <div className="form__row form__row--2">
                <FormTextField scope={SCOPE} name="email" type="email" inputMode="email" label={labels.email} autoComplete="email" required defaultValue={value('email')} error={error('email')} />
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
                <FormTextField scope={SCOPE} name="company_name" label={labels.company_name} autoComplete="organization" defaultValue={value('company_name')} error={error('company_name')} />
                <FormTextField scope={SCOPE} name="designation" label={labels.designation} autoComplete="organization-title" defaultValue={value('designation')} error={error('designation')} />
              </div>
              <div className="form__row form__row--2">
                <FormTextField scope={SCOPE} name="country" label={labels.country} autoComplete="country-name" defaultValue={value('country')} error={error('country')} />
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
                <Button type="submit" label={t('site.contact.submit')} loadingLabel={t('forms.sending')} loading={form.pending} iconName="mail" />
              </div>
            </form>
          )}
        </div>
        <aside className="with-aside__aside site-aside" aria-label={t('site.contact.direct')}>
          <section className="site-aside__block" aria-labelledby="contact-direct-title">
            <h2 className="site-aside__title" id="contact-direct-title">{t('site.contact.direct')}</h2>
            <ul className="contact-direct">
              <li>
                <Icon name="phone" />
                <span>
                  <span className="contact-direct__label">{t('site.contact.helpline')}</span>
                  <a href={`tel:${t('footer.phoneHref')}`}>{t('footer.phone')}</a>
                </span>
              </li>
              <li>
                <Icon name="mail" />
                <span>
                  <span className="contact-direct__label">{t('site.contact.email')}</span>
                  <a href={`mailto:${t('footer.email')}`}>{t('footer.email')}</a>
                </span>
              </li>
              <li>
                <Icon name="map-pin" />
                <span>
                  <span className="contact-direct__label">{t('site.contact.address')}</span>
                  {t('footer.address')}
                </span>
              </li>
              <li>
                <Icon name="clock" />
                <span>
                  <span className="contact-direct__label">{t('site.contact.hours')}</span>
                  {t('site.contact.hoursValue')}
                </span>
              </li>
            </ul>
          </section>
          <AsideLinks
            title={t('site.aside.related')}
            links={[
              { to: href('contacts', { locale }), label: t('routes.contacts') },
              { to: href('about', { locale }), label: t('routes.about') },
            ]}
          />
        </aside>
      </div>
    </main>
  )
}
