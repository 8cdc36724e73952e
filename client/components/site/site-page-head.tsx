/**
 * What every site page puts in <head> besides its title: the Open Graph tags that do not depend on the page (React
 * hoists the `<meta>` into <head> on the edge and dedupes them). The site area's CSS is part of the entry's, which the
 * edge inlines.
 */
import { LOCALES, type Locale } from '../../../shared/constants'
import { useLocale, useT } from '../../i18n'

const OG_LOCALES: Readonly<Record<Locale, string>> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_GB' }

export function SitePageHead() {
  const t = useT()
  const locale = useLocale()
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALES[l]} />
      ))}
    </>
  )
}
