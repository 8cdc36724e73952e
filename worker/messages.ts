/** UI messages per locale, with missing keys filled from the fallback locales so the page ships one dictionary. */
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import uz from '../locales/uz.json'
import { LOCALE_FALLBACK, type Locale } from '../shared/constants'
import type { Messages } from '../shared/i18n'

const DICTS: Readonly<Record<Locale, Messages>> = { en, ru, uz }

function mergeMissing(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target }
  for (const [key, value] of Object.entries(source)) {
    const own = out[key]
    if (own === undefined || own === '') out[key] = value
    else if (typeof own === 'object' && typeof value === 'object') out[key] = mergeMissing(own, value)
  }
  return out
}

const merged = new Map<Locale, Messages>()

/** The dictionary a page in `locale` ships: its own strings, gaps filled along the fallback chain (SPEC §4). */
export function messagesFor(locale: Locale): Messages {
  let hit = merged.get(locale)
  if (!hit) {
    hit = LOCALE_FALLBACK[locale].slice(1).reduce((acc, l) => mergeMissing(acc, DICTS[l]), DICTS[locale])
    merged.set(locale, hit)
  }
  return hit
}

export function translate(locale: Locale, key: string): string {
  let node: Messages | string | undefined = messagesFor(locale)
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : key
}

/**
 * Namespaces every document carries whatever its page renders: what the browser translates outside a render (gateway
 * notices, page notices, toasts) and the states any section may fall into.
 */
export const SHELL_NAMESPACES: readonly string[] = ['errors', 'messages', 'notices', 'toast', 'states', 'common']

const subsets = new Map<string, Messages>()

/**
 * The part of `locale`'s dictionary under `namespaces`; `'all'` for the whole. One object per locale and set of
 * namespaces, so its serialisation is made once per isolate.
 */
export function messagesOf(locale: Locale, namespaces: Iterable<string> | 'all'): Messages {
  const all = messagesFor(locale)
  if (namespaces === 'all') return all
  const names = [...new Set(namespaces)].filter((n) => n in all).sort()
  const key = `${locale}:${names.join(',')}`
  let hit = subsets.get(key)
  if (!hit) {
    hit = Object.fromEntries(names.map((n) => [n, all[n]!]))
    subsets.set(key, hit)
  }
  return hit
}
