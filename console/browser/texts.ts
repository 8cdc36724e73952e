/**
 * The page's texts for its scripts: the console's `editor` messages in the page's language, which the server writes
 * into the form (`data-texts`), so the scripts carry no catalogue of their own.
 */
export type Texts = (key: string, vars?: Record<string, string | number>) => string

/** The translator of the texts `form` carries; a missing key reads as itself, as on the server. */
export function readTexts(form: HTMLElement): Texts {
  let messages: Record<string, string> = {}
  try {
    messages = JSON.parse(form.dataset.texts ?? '{}') as Record<string, string>
  } catch {
    messages = {}
  }
  return (key, vars = {}) =>
    (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    )
}

/** Makes an element with attributes and children, the scripts' one way to build markup. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    if (name === 'text') el.textContent = String(value)
    else el.setAttribute(name, value === true ? '' : value)
  }
  for (const child of children) if (child !== null) el.append(child)
  return el
}
