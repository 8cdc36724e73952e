/** Language switcher: each language in its own name; a real link, and the choice is stored in the locale cookie. */

import { LOCALES } from '../../contract/locales'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALE_NAMES } from '../../shared/constants'
import { switchLocalePath } from '../../shared/routing/match'
import { useLocale, useT } from '../runtime/i18n'
import { useRouter } from '../runtime/router'
import { Icon } from '../ui/icon'

export function LanguageSwitcher() {
  const t = useT()
  const locale = useLocale()
  const { route } = useRouter()
  return (
    <nav className="lang-switcher" aria-label={t('nav.language')}>
      <Icon name="globe" className="lang-switcher__icon" />
      <ul>
        {LOCALES.map((l) => (
          <li key={l}>
            <a
              href={switchLocalePath(route.path, route.search, l)}
              hrefLang={l}
              lang={l}
              aria-current={l === locale ? 'true' : undefined}
              onClick={() => {
                // The choice must be in place for the full page load this link starts (docs/product.md#locale: i18n_redirected).
                // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
                document.cookie = `${LOCALE_COOKIE}=${l}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`
              }}
            >
              {LOCALE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
