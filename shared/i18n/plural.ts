/**
 * Plural forms of counted text: `{key}_one`, `_few`, `_many` or `_other` by the language's CLDR rules
 * (`Intl.PluralRules`), as Russian needs (1 результат, 2 результата, 5 результатов). Its own module, not `i18n.ts`:
 * only the pages that count import it, and the shell carries none of it (docs/decisions/0021-static-sections.md).
 */
import type { Locale } from '../../contract/locales'

/** The forms the locales' files give every counted text (Uzbek and English use two of them). */
const FORMS = new Set(['one', 'few', 'many', 'other'])
const rules = new Map<Locale, Intl.PluralRules>()

/** The message key of `count`'s form of `key` in `locale`. */
export function pluralKey(key: string, count: number, locale: Locale): string {
  let rule = rules.get(locale)
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)))
  const form = rule.select(count)
  return `${key}_${FORMS.has(form) ? form : 'other'}`
}
