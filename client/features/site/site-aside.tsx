/** Side columns of the site pages: related links and the contact call to action. */
import { href } from '../../../shared/routing/match'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'

export type AsideLink = { to: string; label: string; current?: boolean }

/** A titled list of links; the current page is marked, not linked. */
export function AsideLinks({ title, links }: { title: string; links: readonly AsideLink[] }) {
  return (
    <nav className="site-aside__block" aria-label={title}>
      <h2 className="site-aside__title">{title}</h2>
      <ul className="site-aside__links">
        {links.map((link) => (
          <li key={link.to}>
            {link.current ? (
              <span aria-current="page">{link.label}</span>
            ) : (
              <Link to={link.to}>
                <Icon name="chevron-right" />
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** "Have a question?": the one primary action of a content page, to the contact form. */
export function ContactPrompt() {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="site-aside__block site-aside__cta" aria-labelledby="contact-prompt-title">
      <h2 className="site-aside__title" id="contact-prompt-title">
        {t('site.aside.questionTitle')}
      </h2>
      <p>{t('site.aside.questionText')}</p>
      <Button to={href('contact-us', { locale })} label={t('site.aside.write')} iconName="mail" />
    </section>
  )
}

/** The policies and the pages visitors look for next to them. */
export function PolicyLinks({ current }: { current: 'cookie-policy' | 'privacy-policy' | 'contacts' | 'page' }) {
  const t = useT()
  const locale = useLocale()
  const links: AsideLink[] = [
    { to: href('privacy-policy', { locale }), label: t('routes.privacyPolicy'), current: current === 'privacy-policy' },
    { to: href('cookie-policy', { locale }), label: t('routes.cookiePolicy'), current: current === 'cookie-policy' },
    { to: href('contacts', { locale }), label: t('routes.contacts'), current: current === 'contacts' },
    { to: href('sitemap', { locale }), label: t('routes.sitemap') },
  ]
  return <AsideLinks title={t('site.aside.related')} links={links} />
}
