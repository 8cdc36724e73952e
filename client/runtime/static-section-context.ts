/**
 * Whether a render is inside a static section (`static-section.tsx`), and what its content reports to the edge's
 * section memory (docs/decisions/0057-section-memory.md), or a live part's (`live-part.tsx`); its own module so the data
 * layer can read it.
 */
import { createContext, use, useContext } from 'react'

/** What a static section's content reports while the edge renders it to remember its HTML. */
export type SectionRecorder = {
  /** A payload the content read (`entry` undefined when the store had none). */
  read: (key: string, entry: unknown) => void
  /**
   * The content drew something its HTML alone cannot repeat: head elements, a sheet, the visitor's session (`why`
   * `session`, which a live part's recorder, remembered for anonymous readers only, may ignore).
   */
  unrepeatable: (why?: 'session') => void
  /** A live part's recorder (the browser hydrates its content): it also notes the message keys its content uses. */
  live?: { message: (key: string) => void }
}

/** A live part's HTML as the memory repeats it: the placeholder to draw, and what the browser needs to hydrate it. */
export type RecalledLivePart = Readonly<{
  /** The placeholder's number: `<template data-repeat="{mark}">`, which the edge replaces with the HTML. */
  mark: number
  /** The payload keys and message keys its content read, which the document carries for the browser. */
  keys: readonly string[]
  messages: readonly string[]
}>

/** The edge's memory of static sections' HTML, for the render of one request (server only). */
export type SectionMemory = {
  /**
   * The section's HTML, remembered for this request's scope, props and the very same payloads; else null. In a
   * complete render also a `mark`: the section draws `<template data-repeat="{mark}">` as its content, which the edge
   * replaces with the HTML, so React neither copies nor the CSS scan reads it again.
   */
  recall: (section: number, props: object) => { html: string; mark: number | null } | null
  /**
   * Remembers this render of the section: the recorder its content reports to and the mark its content stands between
   * (`<template data-section-start>` / `-end`, which the edge takes out of the document); null when this render
   * cannot be remembered (a streamed one).
   */
  remember: (section: number, props: object) => { recorder: SectionRecorder; mark: number } | null
  /**
   * A live part (`live-part.tsx`) of an anonymous reader's complete render: repeated from the memory (its placeholder
   * and what it read), else null. The same for remembering one, whose recorder is a live one.
   */
  recallLive: (part: string, props: object) => RecalledLivePart | null
  rememberLive: (part: string, props: object) => { recorder: SectionRecorder; mark: number } | null
}

/** `false` outside a static section; inside one, `true`, or the recorder of the section the edge remembers. */
export const StaticSectionContext = createContext<boolean | SectionRecorder>(false)

/** Whether a context value is a live part's recorder: the content is hydrated, as outside any section. */
export const isLiveRecorder = (value: boolean | SectionRecorder): value is SectionRecorder =>
  typeof value === 'object' && value.live !== undefined

/** Whether the caller renders inside a static section (the edge then writes no payload scripts for its data). */
export function useInStaticSection(): boolean {
  const value = useContext(StaticSectionContext)
  // Only the edge remembers live parts (a build-time constant: the browser's bundle has no such check).
  return value !== false && !(import.meta.env.SSR && isLiveRecorder(value))
}

/**
 * Tells the static section (or live part) the edge is remembering, if the caller renders inside one, that its HTML
 * alone cannot be repeated (`why` `session`: the caller reads the session; else it draws what React hoists into
 * <head>). Nothing in the browser.
 */
export function useUnrepeatable(why?: 'session'): void {
  if (!import.meta.env.SSR) return
  // `use`, unlike `useContext`, may be read after a condition; this one is a build-time constant.
  const value = use(StaticSectionContext)
  if (typeof value === 'object') value.unrepeatable(why)
}

/**
 * The head elements a page renders (its title, description and Open Graph tags). A server-only page, or a static
 * section that renders them (`staticSection`'s `head`), never renders them in the browser, so React does not own the
 * edge's; the section removes them when it goes (`static-section.tsx`).
 */
export const PAGE_HEAD_SELECTOR = 'title, meta[name="description"], meta[property^="og:"]'
