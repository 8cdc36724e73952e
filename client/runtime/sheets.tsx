/**
 * Area stylesheets (site, guide, services): each page declares the sheets it uses with <PageSheet>. The edge inlines a
 * declared sheet as a hoisted `<style>` (React puts it in <head> once, before the shell's rules, also for sections that
 * stream in later); the browser adopts that element while hydrating, and after a client navigation links the built,
 * immutable sheet instead, which React loads before it shows the page.
 */
import { createContext, type ReactNode, useContext } from 'react'
import type { SheetName } from '../../shared/state/state'
import { useUnrepeatable } from './static-section-context'

type Sheets = Readonly<{ hrefs: Readonly<Record<SheetName, string>>; texts?: Readonly<Record<SheetName, string>> }>

const SheetsContext = createContext<Sheets | null>(null)

export function SheetsProvider({ value, children }: { value: Sheets; children: ReactNode }) {
  return <SheetsContext.Provider value={value}>{children}</SheetsContext.Provider>
}

export function PageSheet({ name }: { name: SheetName }) {
  const sheets = useContext(SheetsContext)
  // Hoisted into <head>, outside a static section's own HTML: the edge cannot repeat that section from its memory.
  useUnrepeatable()
  const href = sheets?.hrefs[name]
  if (!href) return null
  // The edge: the sheet's text. The browser: the edge's element, adopted by its href, if the document has it.
  const text = sheets.texts?.[name]
  if (text !== undefined || isInlined(href))
    return (
      <style href={href} precedence={name}>
        {text ?? ''}
      </style>
    )
  return <link rel="stylesheet" href={href} precedence={name} />
}

function isInlined(href: string): boolean {
  return typeof document !== 'undefined' && document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) !== null
}
