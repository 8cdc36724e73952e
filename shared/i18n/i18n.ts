/**
 * Translation with the language passed per call: rosetta's lookup of dotted keys and `{{name}}` values, over
 * per-locale dictionaries. Its own `locale()` is one value for the whole instance, which every request shares, so it
 * is never set: each call names its language (docs/architecture.md#rule-5).
 */
import rosetta from 'rosetta'
import type { Locale } from '../../contract/locales'
import { LOCALE_FALLBACK } from '../constants'

export type Messages = { [key: string]: string | Messages }
type TranslateValues = Record<string, string | number>
export type Translate = (key: string, values?: TranslateValues) => string

export type I18n = Readonly<{
  /** Translates `key` in `locale`, falling back across locales, and to the key itself — never to ''. */
  t: (locale: Locale, key: string, values?: TranslateValues) => string
  has: (locale: Locale, key: string) => boolean
  /** Adds a locale's messages (rosetta's `set`: top-level groups added again replace those before). */
  add: (locale: Locale, messages: Messages) => void
  loaded: (locale: Locale) => boolean
}>

export function createI18n(initial: Partial<Record<Locale, Messages>> = {}): I18n {
  const ros = rosetta<Messages>()
  const loadedLocales = new Set<Locale>()
  // Plain strings (no values) resolved once per locale: a page looks up the same few hundred keys on every render.
  const plain = new Map<Locale, Map<string, string>>()
  const add = (locale: Locale, messages: Messages) => {
    ros.set(locale, messages)
    loadedLocales.add(locale)
    plain.clear()
  }
  for (const [locale, messages] of Object.entries(initial)) if (messages) add(locale as Locale, messages)
  /** The locale's own text, or '' (a missing key, an empty text, or a group of keys, which rosetta hands back). */
  const lookup = (locale: Locale, key: string, values?: TranslateValues): string => {
    const text: unknown = ros.t(key, values ?? {}, locale)
    return typeof text === 'string' ? text : ''
  }
  return Object.freeze({
    t(locale: Locale, key: string, values?: TranslateValues) {
      let memo = values ? undefined : plain.get(locale)
      if (!values && !memo) plain.set(locale, (memo = new Map()))
      const known = memo?.get(key)
      if (known !== undefined) return known
      let found = key
      for (const l of LOCALE_FALLBACK[locale]) {
        if (!loadedLocales.has(l)) continue
        const text = lookup(l, key, values)
        if (text !== '') {
          found = text
          break
        }
      }
      memo?.set(key, found)
      return found
    },
    has: (locale: Locale, key: string) => loadedLocales.has(locale) && lookup(locale, key) !== '',
    add,
    loaded: (locale: Locale) => loadedLocales.has(locale),
  })
}

/** Binds a locale so components can call `t(key)`. */
export function bindLocale(i18n: I18n, locale: Locale): Translate {
  return (key, values) => i18n.t(locale, key, values)
}

/** The key of the message shown for a gateway result code nobody translated. */
export const GENERIC_ERROR_KEY = 'messages.error.internal_error'

/**
 * The translated text of a gateway result code (`messages.error.{code}`), or the generic message when the locales have
 * none: a new upstream code never reaches the user as a raw key (docs/product.md#api-failures).
 */
export function translateCode(t: Translate, code: string): string {
  const key = `messages.error.${code}`
  const text = t(key)
  return text === key ? t(GENERIC_ERROR_KEY) : text
}
