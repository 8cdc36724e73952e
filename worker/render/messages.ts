/** UI messages per locale, with missing keys filled from the fallback locales so the page ships one dictionary. */

import type { Locale } from '../../contract/locales'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import uz from '../../locales/uz.json'
import { LOCALE_FALLBACK } from '../../shared/constants'
import { GENERIC_ERROR_KEY, type Messages } from '../../shared/i18n/i18n'

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

/**
 * The dictionary a page in `locale` ships: its own strings, gaps filled along the fallback chain
 * (docs/product.md#session).
 */
export function messagesFor(locale: Locale): Messages {
  let hit = merged.get(locale)
  if (!hit) {
    hit = LOCALE_FALLBACK[locale].slice(1).reduce((acc, l) => mergeMissing(acc, DICTS[l]), DICTS[locale])
    merged.set(locale, hit)
  }
  return hit
}

/**
 * Texts every document carries whatever its page renders: what the browser may translate outside a render before the
 * reader does anything and without reaching the network (the toast region; a failure's notice when the connection is
 * gone, or read as the generic one). Any other failure's notice waits for the whole catalogue (`createNotifier`), as do
 * texts a render or an action shows later (a form's errors, an action's notice), which the first interaction loads; a
 * document with a page notice carries that one (`render.tsx`).
 */
export const SHELL_NAMESPACES: readonly string[] = ['messages.error.network_error', GENERIC_ERROR_KEY, 'toast']

const subsets = new Map<string, Messages>()
const SUBSETS_MAX = 300

/**
 * The part of `locale`'s dictionary under `paths` (namespaces such as `errors`, or keys such as `home.map.title`);
 * `'all'` for the whole. One object per locale and set of paths, so its serialisation is made once per isolate.
 */
export function messagesOf(locale: Locale, paths: Iterable<string> | 'all'): Messages {
  const all = messagesFor(locale)
  if (paths === 'all') return all
  const sorted = [...new Set(paths)].sort()
  const key = `${locale}:${sorted.join(',')}`
  let hit = subsets.get(key)
  if (!hit) {
    hit = {}
    for (const path of sorted) copyPath(all, hit, path.split('.'))
    if (subsets.size >= SUBSETS_MAX) subsets.delete(subsets.keys().next().value!)
    subsets.set(key, hit)
  }
  return hit
}

/** Copies the value at `parts` from `from` into `to`, creating the objects on the way. */
function copyPath(from: Messages, to: Messages, parts: readonly string[]) {
  let source: Messages | string | undefined = from
  let target = to
  for (let i = 0; i < parts.length; i++) {
    if (typeof source !== 'object') return
    source = source[parts[i]!]
    if (source === undefined) return
    if (i === parts.length - 1) {
      target[parts[i]!] = source
      return
    }
    const next = target[parts[i]!]
    if (typeof next === 'string') return
    target = (target[parts[i]!] = next ?? {}) as Messages
  }
}
