import type { InitialState, PayloadEntry } from './state'

/** JSON that is safe inside HTML: `<`, `>`, `&`, U+2028 and U+2029 escaped so no payload can close its script. */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

const serializedOnce = new WeakMap<object, string>()

/**
 * `serializeForHtml` for values that never change once built (a locale's messages, a cached payload's envelope, which
 * the isolate's payload memory hands to every request): serialised once per isolate.
 */
function serializeForHtmlOnce(value: object): string {
  let text = serializedOnce.get(value)
  if (text === undefined) {
    text = serializeForHtml(value)
    serializedOnce.set(value, text)
  }
  return text
}

/** A payload entry for the document; its envelope through `serializeForHtmlOnce`. */
export function serializeEntryForHtml(entry: PayloadEntry): string {
  if (!entry.ok) return serializeForHtml(entry)
  const { envelope, ...rest } = entry
  return `${serializeForHtml(rest).slice(0, -1)},"envelope":${serializeForHtmlOnce(envelope)}}`
}

/** The state script's text: per response, with the messages and the payloads' envelopes serialised once per isolate. */
export function serializeStateForHtml(state: InitialState): string {
  const payloads = Object.entries(state.payloads).map(
    ([key, entry]) => `${serializeForHtml(key)}:${serializeEntryForHtml(entry)}`,
  )
  const rest = serializeForHtml({ ...state, messages: undefined, payloads: undefined })
  return `${rest.slice(0, -1)},"payloads":{${payloads.join(',')}},"messages":${serializeForHtmlOnce(state.messages)}}`
}
