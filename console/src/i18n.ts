/**
 * The console's messages (console/locales/{en,ru,uz}.json, the same keys in each): translated per call with the page's
 * language, as the portal does (shared/i18n.ts; docs/architecture.md#rule-5). The console has its own catalogue so
 * the portal's pages never ship the back office's texts.
 */
import type { Locale } from '../../contract/locales'
import { bindLocale, createI18n, type Translate } from '../../shared/i18n/i18n'
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import uz from '../locales/uz.json'

const i18n = createI18n({ en, ru, uz })
const catalogues = { en, ru, uz } as const

type Messages = { [key: string]: string | Messages }

/** A namespace's messages in `lang`, flat (`link.title` → text), for a page's scripts to carry. */
export function messagesOf(lang: Locale, namespace: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (node: Messages, prefix: string) => {
    for (const [key, value] of Object.entries(node))
      if (typeof value === 'string') out[prefix + key] = value
      else walk(value, `${prefix}${key}.`)
  }
  const root = (catalogues[lang] as unknown as Messages)[namespace]
  if (root && typeof root === 'object') walk(root, '')
  return out
}

/** The translator of one page's language. */
export function translator(lang: Locale): Translate {
  return bindLocale(i18n, lang)
}

/** The message of a gateway result code, or the generic one when the catalogue has none. */
export function translateCode(t: Translate, code: string): string {
  const key = `errors.${code}`
  const text = t(key)
  return text === key ? t('errors.internal_error') : text
}
