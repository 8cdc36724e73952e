/** Whether a render is inside a kept section (`kept.tsx`); its own module so the data layer can read it. */
import { createContext, useContext } from 'react'

export const KeptContext = createContext(false)

/** Whether the caller renders inside a kept section (the edge then writes no payload scripts for its data). */
export function useInKept(): boolean {
  return useContext(KeptContext)
}

/**
 * The head elements a page renders (its title, description and Open Graph tags). A page kept whole (`keptPage`), or a
 * kept section that renders them (`keptComponent`'s `head`), never renders them in the browser, so React does not own
 * the edge's; the section removes them when it goes (`kept.tsx`).
 */
export const PAGE_HEAD_SELECTOR = 'title, meta[name="description"], meta[property^="og:"]'
