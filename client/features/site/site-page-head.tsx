/**
 * What every site page puts in <head> besides its title: the site area's stylesheet and the Open Graph tags that do
 * not depend on the page (React hoists both into <head> on the edge and dedupes them).
 */
import { LOCALES, type Locale } from '../../../shared/constants'
import { useLocale, useT } from '../../runtime/i18n'
import { PageSheet } from '../../runtime/sheets'

const OG_LOCALES: Readonly<Record<Locale, string>> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_GB' }

export function SitePageHead() {
  const t = useT()
  const locale = useLocale()
  return (
    <>
      <PageSheet name="site" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALES[l]} />
      ))}
    </>
  )
}
