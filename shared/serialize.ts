/** JSON that is safe inside HTML: `<`, `>`, `&`, U+2028 and U+2029 escaped so no payload can close its script. */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const serializedOnce = new WeakMap<object, string>()

/** `serializeForHtml` for values that never change once built (a locale's messages): serialised once per isolate. */
export function serializeForHtmlOnce(value: object): string {
  let text = serializedOnce.get(value)
  if (text === undefined) {
    text = serializeForHtml(value)
    serializedOnce.set(value, text)
  }
  return text
}
