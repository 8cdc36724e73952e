/**
 * `/contact-us`: the contact form, its success panel and the agency's direct contacts. The form works without
 * JavaScript; its code loads when the reader turns to it (`features/site/contact-form.tsx`).
 */
import { Suspense } from 'react'
import { readReference } from '../../shared/forms/reference'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { AsideLinks } from '../features/site/site-aside'
import { SitePageHead } from '../features/site/site-page-head'
import { telHref, useSiteSettings } from '../features/site/site-settings'
import { Section } from '../runtime/data'
import { HydrateWhenEngaged } from '../runtime/hydrate-later'
import { useLocale, useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { useRoute } from '../runtime/router'
import { Breadcrumbs } from '../ui/breadcrumbs'
import { Icon } from '../ui/icon'
import { PageTitle } from '../ui/page-title'

const ContactForm = lazyComponent(() => import('../features/site/contact-form').then((m) => m.ContactForm))

/** Drawn in the browser after a client navigation, the form loads with the page. */
export const preload = () => ContactForm.preload()

export function Page() {
  const t = useT()
  const locale = useLocale()
  const route = useRoute('contact-us')
  // `?sent=` is the request's reference (docs/decisions/0048-references.md), or `1` when the upstream gave none.
  const sent = !!route.query.sent
  const reference = readReference(route.query.sent)
  const title = t('routes.contactUs')
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
        <div className="contact-page__main" id="contact-main">
          <Suspense fallback={null}>
            <HydrateWhenEngaged within="contact-main">
              <ContactForm sent={sent} reference={reference} />
            </HydrateWhenEngaged>
          </Suspense>
        </div>
        <aside className="with-aside__aside site-aside" aria-label={t('site.contact.direct')}>
          <section className="site-aside__block" aria-labelledby="contact-direct-title">
            <h2 className="site-aside__title" id="contact-direct-title">
              {t('site.contact.direct')}
            </h2>
            <Section keys={[siteKeys.settings()]} fallback={null}>
              <DirectContacts />
            </Section>
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

/**
 * The agency's helpline, e-mail, address and opening hours, as far as the upstream gives them
 * (docs/gateway-contract.md#site-settings).
 */
function DirectContacts() {
  const t = useT()
  const settings = useSiteSettings()
  return (
    <ul className="contact-direct">
      {settings?.phone && (
        <li>
          <Icon name="phone" />
          <span>
            <span className="contact-direct__label">{t('site.contact.helpline')}</span>
            <a href={telHref(settings.phone)}>{settings.phone}</a>
          </span>
        </li>
      )}
      {settings?.email && (
        <li>
          <Icon name="mail" />
          <span>
            <span className="contact-direct__label">{t('site.contact.email')}</span>
            <a href={`mailto:${settings.email}`}>{settings.email}</a>
          </span>
        </li>
      )}
      {settings?.address && (
        <li>
          <Icon name="map-pin" />
          <span>
            <span className="contact-direct__label">{t('site.contact.address')}</span>
            {settings.map_url ? <a href={settings.map_url}>{settings.address}</a> : settings.address}
          </span>
        </li>
      )}
      {settings?.hours && (
        <li>
          <Icon name="clock" />
          <span>
            <span className="contact-direct__label">{t('site.contact.hours')}</span>
            {settings.hours}
          </span>
        </li>
      )}
    </ul>
  )
}
