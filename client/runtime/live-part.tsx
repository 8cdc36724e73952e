/**
 * A live part: content the browser hydrates (the home page's regions map) whose HTML the edge may repeat from its
 * section memory for anonymous readers (docs/decisions/0057-section-memory.md#live-parts). Its HTML depends only on
 * the route, the locale and the payloads it reads, as a static section's does, but the browser renders it again while
 * hydrating: so the edge repeats the very bytes React drew (no element of its own around them), and the document
 * carries the payloads and message keys the content read, as if it had been drawn. In the browser, and when the edge
 * cannot use its memory (a streamed render, a signed-in reader), it is its children.
 *
 * Its content must start and end with an element (React separates adjacent texts with a comment, which a repeat
 * between two other texts would not), and read nothing but its route, locale, payloads and the (absent) session:
 * anything else calls `useUnrepeatable()`, as head elements and sheets do. A static section inside it is part of its
 * HTML, its reads the part's.
 */
import { type ReactNode, useCallback, useContext } from 'react'
import { usePayloadReads, useSectionMemory } from './data'
import { NotingMessages, useRecordMessages } from './i18n'
import { StaticSectionContext } from './static-section-context'

/**
 * `part`: the part's name, unique in the app; `props`: what else its HTML depends on (JSON, small).
 *
 * The children always stand second of three (`null`, or the edge's marks, around them): React's `useId` counts a
 * child's place among its siblings, so the ids the content draws are the same in every render and in the browser.
 */
export function LivePart(p: { part: string; props?: object; children: ReactNode }) {
  // Read whole, not destructured: the browser's bundle (every first view's) keeps only this line.
  if (!import.meta.env.SSR)
    return (
      <>
        {null}
        {p.children}
        {null}
      </>
    )
  return (
    <EdgeLivePart part={p.part} props={p.props ?? NO_PROPS}>
      {p.children}
    </EdgeLivePart>
  )
}

const NO_PROPS = {}

function EdgeLivePart({ part, props, children }: { part: string; props: object; children: ReactNode }) {
  const memory = useSectionMemory()
  const outer = useContext(StaticSectionContext)
  const addReads = usePayloadReads()
  const recordMessages = useRecordMessages()
  // Inside a static section or another live part, it is part of that one's HTML.
  const own = memory !== null && outer === false
  const recalled = own ? memory.recallLive(part, props) : null
  const remembering = own && recalled === null ? memory.rememberLive(part, props) : null
  const note = useCallback((key: string) => remembering?.recorder.live?.message(key), [remembering])
  if (recalled !== null) {
    addReads(recalled.keys)
    recordMessages(recalled.messages)
    return <template data-repeat={recalled.mark} />
  }
  if (remembering === null)
    return (
      <>
        {null}
        {children}
        {null}
      </>
    )
  return (
    <>
      <template data-section-start={remembering.mark} />
      <StaticSectionContext.Provider value={remembering.recorder}>
        <NotingMessages note={note}>{children}</NotingMessages>
      </StaticSectionContext.Provider>
      <template data-section-end={remembering.mark} />
    </>
  )
}
