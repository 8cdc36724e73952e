/** Whether a render is inside a static section (`static-section.tsx`); its own module so the data layer can read it. */
import { createContext, useContext } from 'react'

export const StaticSectionContext = createContext(false)

/** Whether the caller renders inside a static section (the edge then writes no payload scripts for its data). */
export function useInStaticSection(): boolean {
  return useContext(StaticSectionContext)
}

/**
 * The head elements a page renders (its title, description and Open Graph tags). A server-only page, or a static
 * section that renders them (`staticSection`'s `head`), never renders them in the browser, so React does not own the
 * edge's; the section removes them when it goes (`static-section.tsx`).
 */
export const PAGE_HEAD_SELECTOR = 'title, meta[name="description"], meta[property^="og:"]'
