/** The current language in React: `useT()` translates with the page's locale (never a module-global locale). */
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { Locale } from '../shared/constants'
import { bindLocale, createI18n, translateCode, type Messages, type Translate } from '../shared/i18n'

type I18nValue = { locale: Locale; t: Translate }

const I18nContext = createContext<I18nValue | null>(null)

/** One translator per dictionary object: the edge reuses a locale's dictionary (and its lookups) across requests. */
const translators = new WeakMap<Messages, I18nValue>()

function translatorFor(locale: Locale, messages: Messages): I18nValue {
  let value = translators.get(messages)
  if (!value || value.locale !== locale) {
    value = { locale, t: bindLocale(createI18n({ [locale]: messages }), locale) }
    translators.set(messages, value)
  }
  return value
}

export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => translatorFor(locale, messages), [locale, messages])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useT() outside <I18nProvider>')
  return value
}

export const useT = (): Translate => useI18n().t
export const useLocale = (): Locale => useI18n().locale
/** The text of a gateway result code in the page's language, or the generic message (docs/product.md#api-failures). */
export function useCodeMessage(): (code: string) => string {
  const t = useT()
  return useMemo(() => (code: string) => translateCode(t, code), [t])
}
