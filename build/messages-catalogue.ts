/**
 * Each locale's whole message catalogue (fallbacks filled along docs/product.md#session's chain) as an immutable,
 * hashed client asset:
 * documents carry only their page's namespaces, and the browser loads the rest from here for client navigations.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { Plugin } from 'vite'
import { LOCALES, type Locale } from '../contract/locales.ts'
import { LOCALE_FALLBACK } from '../shared/constants.ts'

type Messages = { [key: string]: string | Messages }

function fillMissing(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target }
  for (const [key, value] of Object.entries(source)) {
    const own = out[key]
    if (own === undefined || own === '') out[key] = value
    else if (typeof own === 'object' && typeof value === 'object') out[key] = fillMissing(own, value)
  }
  return out
}

/** Per locale: the asset's file name (content-hashed) and its text. */
export function catalogueAssets(dir = 'locales'): Record<Locale, { fileName: string; source: string }> {
  const dicts = Object.fromEntries(
    LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(`${dir}/${l}.json`, 'utf8')) as Messages]),
  ) as Record<Locale, Messages>
  const out = {} as Record<Locale, { fileName: string; source: string }>
  for (const locale of LOCALES) {
    const merged = LOCALE_FALLBACK[locale].slice(1).reduce((acc, l) => fillMissing(acc, dicts[l]), dicts[locale])
    const source = JSON.stringify(merged)
    const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10)
    out[locale] = { fileName: `assets/messages-${locale}-${hash}.json`, source }
  }
  return out
}

export function messagesCatalogue(): Plugin {
  return {
    name: 'invest-portal:messages-catalogue',
    applyToEnvironment: (env) => env.name === 'client',
    generateBundle() {
      if (this.environment.config.command !== 'build') return
      for (const { fileName, source } of Object.values(catalogueAssets()))
        this.emitFile({ type: 'asset', fileName, source })
    },
  }
}
