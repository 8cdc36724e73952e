/**
 * Whether a render is inside a static section (`static-section.tsx`), and what its content reports to the edge's
 * section memory (docs/decisions/0057-section-memory.md); its own module so the data layer can read it.
 */
import { createContext, use, useContext } from 'react'

/** What a static section's content reports while the edge renders it to remember its HTML. */
export type SectionRecorder = {
  /** A payload the content read (`entry` undefined when the store had none). */
  read: (key: string, entry: unknown) => void
  /** The content drew something its HTML alone cannot repeat: head elements, a sheet, the visitor's session. */
  unrepeatable: () => void
}

/** The edge's memory of static sections' HTML, for the render of one request (server only). */
export type SectionMemory = {
  /** The section's HTML, remembered for this request's scope, props and the very same payloads; else null. */
  recall: (section: number, props: object) => string | null
  /**
   * Remembers this render of the section: the recorder its content reports to and the mark its content stands between
   * (`<template data-section-start>` / `-end`, which the edge takes out of the document); null when this render
   * cannot be remembered (a streamed one).
   */
  remember: (section: number, props: object) => { recorder: SectionRecorder; mark: number } | null
}

/** `false` outside a static section; inside one, `true`, or the recorder of the section the edge remembers. */
export const StaticSectionContext = createContext<boolean | SectionRecorder>(false)

/** Whether the caller renders inside a static section (the edge then writes no payload scripts for its data). */
export function useInStaticSection(): boolean {
  return useContext(StaticSectionContext) !== false
}

/**
 * Tells the static section the edge is remembering, if the caller renders inside one, that its HTML alone cannot be
 * repeated (the caller reads the session, or draws what React hoists into <head>). Nothing in the browser.
 */
export function useUnrepeatable(): void {
  if (!import.meta.env.SSR) return
  // `use`, unlike `useContext`, may be read after a condition; this one is a build-time constant.
  const value = use(StaticSectionContext)
  if (typeof value === 'object') value.unrepeatable()
}

/**
 * The head elements a page renders (its title, description and Open Graph tags). A server-only page, or a static
 * section that renders them (`staticSection`'s `head`), never renders them in the browser, so React does not own the
 * edge's; the section removes them when it goes (`static-section.tsx`).
 */
export const PAGE_HEAD_SELECTOR = 'title, meta[name="description"], meta[property^="og:"]'
