/**
 * A complete document inlines only the CSS rules its own elements can match (`worker/render/critical-css.ts`). Before
 * the browser draws something the edge did not (a component loaded on demand, a page after a client navigation), and
 * from the reader's first interaction on (`entry.tsx`: a form's errors, a state script sets), it links the whole
 * sheets: each right after its inlined part, so the cascade keeps its order. The rules are the same, so nothing
 * already drawn changes.
 */
export const SHELL_STYLE_ID = 'shell-css'

const sheets = { shell: '', areas: {} as Readonly<Record<string, string>> }
let loading: Promise<void> | null = null

/** The built files of the whole sheets (the shell's, and the areas' by name). */
export function configureFullStyles(shell: string, areas: Readonly<Record<string, string>>) {
  sheets.shell = shell
  sheets.areas = areas
}

/** Links the whole sheets once; resolves when they have loaded (or failed: the page still works with what it has). */
export function loadFullStyles(): Promise<void> {
  if (typeof document === 'undefined' || !sheets.shell) return Promise.resolve()
  return (loading ??= Promise.all([
    linkAfter(document.getElementById(SHELL_STYLE_ID), sheets.shell),
    ...Object.values(sheets.areas).map((href) =>
      linkAfter(document.querySelector(`style[data-href~="${CSS.escape(href)}"]`), href),
    ),
  ]).then(() => undefined))
}

function linkAfter(inline: Element | null, href: string): Promise<void> {
  // Only a sheet the document inlined (in part) needs its whole; the others load as their pages declare them.
  if (!inline) return Promise.resolve()
  return new Promise((resolve) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = link.onerror = () => resolve()
    inline.after(link)
  })
}
