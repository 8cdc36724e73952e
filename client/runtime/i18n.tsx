/**
 * The current language in React: `useT()` translates with the page's locale (never a module-global locale).
 *
 * A document carries the messages its page rendered in the parts the browser hydrates (the edge records the keys);
 * the locale's whole catalogue is an immutable build asset the browser loads before its first client navigation, or
 * when something drawn later asks for a key the document did not carry.
 */
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react'
import type { Locale } from '../../contract/locales'
import { bindLocale, createI18n, type Messages, type Translate, translateCode } from '../../shared/i18n/i18n'

/**
 * `plain` (edge, while recording): the same translator without recording, for markup the browser keeps as drawn;
 * `record`: the keys recorded so far, which a live part repeated from the edge's memory adds its own to.
 */
type I18nValue = { locale: Locale; t: Translate; plain?: Translate; record?: Set<string> }

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

/** Whether `messages` hold a text (or a group) at `key`. */
function hasKey(messages: Messages, key: string): boolean {
  let node: Messages | string | undefined = messages
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false
    node = node[part]
  }
  return node !== undefined
}

/**
 * The browser's messages: the document's, then the whole catalogue once loaded. The catalogue holds the same texts for
 * the keys the document carried, so loading it re-renders nothing unless a key it lacked was asked for: a re-render of
 * everything would also make React give up hydrating sections still waiting for their code (the
 * region map), replacing their markup with fallbacks and moving the page under the reader.
 */
const browser = {
  messages: null as Messages | null,
  url: '',
  loading: null as Promise<void> | null,
  /** A key the document lacks was translated (as the key itself) before the catalogue arrived. */
  missed: false,
  version: 0,
  listeners: new Set<() => void>(),
}

/** Starts the browser's store with the document's messages and where the locale's whole catalogue is. */
export function initMessages(messages: Messages, catalogueUrl: string) {
  browser.messages = messages
  browser.url = catalogueUrl
}

/** Loads the locale's whole catalogue once (before a client navigation draws a page with other texts). */
export function loadAllMessages(): Promise<void> {
  // Under `vite dev` documents carry every text and there is no catalogue asset.
  if (!browser.url) return Promise.resolve()
  if (!browser.loading) {
    browser.loading = fetch(browser.url)
      .then((res) => {
        if (!res.ok) throw new Error(`messages ${res.status}`)
        return res.json() as Promise<Messages>
      })
      .then((all) => {
        browser.messages = all
        if (!browser.missed) return
        browser.version++
        for (const listener of browser.listeners) listener()
      })
      .catch((error: unknown) => {
        browser.loading = null
        throw error
      })
  }
  return browser.loading
}

const subscribe = (listener: () => void) => {
  browser.listeners.add(listener)
  return () => browser.listeners.delete(listener)
}

/** Translates outside React (e.g. gateway notices) with what the browser has loaded. */
export function translate(locale: Locale, key: string, values?: Parameters<Translate>[1]): string {
  return browser.messages ? translatorFor(locale, browser.messages).t(key, values) : key
}

/**
 * `messages`: on the edge the whole dictionary, with `record` collecting the keys the render used; in the browser
 * the document's, read through the browser's store (which takes the whole catalogue once it is loaded).
 */
export function I18nProvider({
  locale,
  messages,
  record,
  children,
}: {
  locale: Locale
  messages: Messages
  record?: Set<string>
  children: ReactNode
}) {
  const version = useSyncExternalStore(
    subscribe,
    () => browser.version,
    () => 0,
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the catalogue brings keys a render asked for.
  const value = useMemo(() => {
    const base = translatorFor(locale, messages)
    if (record) return { locale, t: recording(base.t, record), plain: base.t, record }
    if (typeof document === 'undefined') return base
    return { locale, t: fromBrowserStore(locale, messages) }
  }, [locale, messages, record, version])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/**
 * Translates without recording keys: for markup the browser keeps as the edge drew it (`static-section.tsx`), whose texts
 * the document then need not carry.
 */
export function Unrecorded({ children }: { children: ReactNode }) {
  const value = useI18n()
  const plain = useMemo(() => (value.plain ? { locale: value.locale, t: value.plain } : value), [value])
  return <I18nContext.Provider value={plain}>{children}</I18nContext.Provider>
}

/**
 * Edge: the keys a live part's content translates, noted for its memory (`live-part.tsx`) as well as recorded for the
 * document; and the keys of a repeated one, recorded without rendering it.
 */
export function NotingMessages({ note, children }: { note: (key: string) => void; children: ReactNode }) {
  const value = useI18n()
  const noting = useMemo(() => {
    const t: Translate = (key, values) => {
      note(key)
      return value.t(key, values)
    }
    return { ...value, t }
  }, [value, note])
  return <I18nContext.Provider value={noting}>{children}</I18nContext.Provider>
}

/** Edge: records `keys` for the document as if the render had translated them (a live part repeated from memory). */
export function useRecordMessages(): (keys: readonly string[]) => void {
  const record = useI18n().record
  return (keys) => {
    if (record) for (const key of keys) record.add(key)
  }
}

function recording(t: Translate, record: Set<string>): Translate {
  return (key, values) => {
    record.add(key)
    return t(key, values)
  }
}

/** Translates from the browser's current messages; a key they lack loads the catalogue. */
function fromBrowserStore(locale: Locale, initial: Messages): Translate {
  return (key, values) => {
    const current = browser.messages ?? initial
    if (!hasKey(current, key)) {
      browser.missed = true
      void loadAllMessages().catch(() => undefined)
    }
    return translatorFor(locale, current).t(key, values)
  }
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
