/**
 * Site footer: the agency and its contacts, link columns for every main section, policies, site map and copyright.
 * The layout keeps the edge's footer (`static-section.tsx`): this is its content, loaded when a footer is drawn in the
 * browser. The contacts are the upstream's (docs/gateway-contract.md#site-settings); what it does not give is left out.
 */

import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { socialLinks, telHref, useSiteSettings } from '../features/site/site-settings'
import { Section } from '../runtime/data'
import { useLocale, useT } from '../runtime/i18n'
import { Link } from '../runtime/router'
import { LogoMark } from './logo'
import { type GuideLinks, useNavSections } from './nav-sections'

export function SiteFooterContent() {
  const t = useT()
  const locale = useLocale()
  const legal = [
    { to: href('privacy-policy', { locale }), label: t('routes.privacyPolicy') },
    { to: href('cookie-policy', { locale }), label: t('routes.cookiePolicy') },
    { to: href('sitemap', { locale }), label: t('routes.sitemap') },
    { to: href('accessibility', { locale }), label: t('routes.accessibility') },
    { to: href('open-data', { locale }), label: t('routes.openData') },
  ]
  return (
    <div className="container">
      <div className="site-footer__top">
        <div className="site-footer__brand">
          <Link to={href('home', { locale })} className="logo logo--inverse">
            <LogoMark />
            <span className="logo__text">
              <span className="logo__name">{t('site.name')}</span>
              <span className="logo__country">{t('site.country')}</span>
            </span>
          </Link>
          <p className="site-footer__about">{t('footer.about')}</p>
          <Section keys={[siteKeys.settings()]} fallback={null}>
            <FooterContacts />
          </Section>
        </div>
        <nav className="site-footer__nav" aria-label={t('nav.footer')}>
          {/* The guide's links come with the settings; a streamed footer has the portal's own until they do. */}
          <Section keys={[siteKeys.settings()]} fallback={<FooterColumns guideLinks={null} />}>
            <SettingsFooterColumns />
          </Section>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__copy">{t('site.copyright', { year: 2026 })}</p>
        <ul className="site-footer__legal">
          {legal.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** The link columns with the guide's links the site settings give. */
function SettingsFooterColumns() {
  return <FooterColumns guideLinks={useSiteSettings()?.guide_links} />
}

/** A link column for each main section. */
function FooterColumns({ guideLinks }: { guideLinks: GuideLinks }) {
  const { sections } = useNavSections(guideLinks)
  return (
    <>
      {sections.map((section) => {
        const headingId = `footer-${section.id}`
        // The eight reasons are one click away in the guide; the footer keeps to the main pages and the conditions.
        const links = (section.id === 'guide' ? section.groups.slice(0, 3) : section.groups).flatMap((g) => g.links)
        return (
          <div key={section.id} className="site-footer__column">
            <h2 id={headingId} className="site-footer__heading">
              {section.label}
            </h2>
            <ul aria-labelledby={headingId}>
              {links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </>
  )
}

/**
 * The agency's address (a link to the map when there is one), phone, e-mail and social links, as far as they are set.
 * Their icons are the stylesheet's (`footer.css`) and the social links a labelled group of links: every element counts
 * against the home page's budget as a first visitor meets it (docs/performance.md#budgets).
 */
function FooterContacts() {
  const t = useT()
  const settings = useSiteSettings()
  const socials = socialLinks(settings)
  const address = settings?.address
  const mapUrl = settings?.map_url
  const lines = [
    address || mapUrl ? (
      mapUrl ? (
        <a key="address" className="site-footer__contact" href={mapUrl}>
          {address || t('footer.map')}
        </a>
      ) : (
        <span key="address" className="site-footer__contact">
          {address}
        </span>
      )
    ) : null,
    settings?.phone ? (
      <a key="phone" className="site-footer__contact" href={telHref(settings.phone)}>
        {settings.phone}
      </a>
    ) : null,
    settings?.email ? (
      <a key="email" className="site-footer__contact" href={`mailto:${settings.email}`}>
        {settings.email}
      </a>
    ) : null,
  ].filter(Boolean)
  return (
    <>
      {lines.length > 0 && <address className="site-footer__contacts">{lines}</address>}
      {socials.length > 0 && (
        <nav className="site-footer__social" aria-label={t('footer.social')}>
          {socials.map((s) => (
            <a key={s.url} href={s.url}>
              {s.name}
            </a>
          ))}
        </nav>
      )}
    </>
  )
}
