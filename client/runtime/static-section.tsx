/**
 * Static sections (docs/decisions/0021-static-sections.md): parts of a page the browser keeps as the edge drew them. A
 * static section (the footer, the home page's tiles and testimonials, an article) needs no code in the browser for its
 * first view: the edge renders it, and while the page hydrates the browser adopts its element with an unchanged empty
 * `dangerouslySetInnerHTML`, which React leaves alone, so neither the section's code nor its texts and data travel
 * with the document. Its site links navigate on the client through one delegated handler. Drawn anew in the browser
 * (after a client navigation) it loads its chunk and renders.
 *
 * A static section must depend only on what its page instance was drawn with (route, locale, the page's data): it is
 * not redrawn while it stays mounted. For the same reason the edge may repeat a section's HTML from its memory instead
 * of rendering it again (docs/decisions/0057-section-memory.md).
 */
import { type ComponentType, type JSX, useContext, useLayoutEffect, useState } from 'react'
import { useContentLinks } from './content-links'
import { useSectionMemory } from './data'
import { Unrecorded } from './i18n'
import { lazyComponent } from './lazy-component'
import { PAGE_HEAD_SELECTOR, StaticSectionContext } from './static-section-context'
import { useHydrating } from './visibility'

type SectionTag = 'div' | 'section' | 'footer' | 'aside' | 'article' | 'nav' | 'ul' | 'dl' | 'p' | 'a'

/**
 * The section's own element: the browser keeps this element, so its tag and attributes are the caller's. Without
 * `as`, a `<div class="static-section">` that takes no box of its own (`display: contents`).
 */
type StaticSectionProps<P> = {
  as?: SectionTag
  className?: string
  id?: string
  href?: string
  'aria-labelledby'?: string
  'aria-label'?: string
  props: P
}

type EdgeSectionProps<P> = {
  Tag: SectionTag
  attrs: Omit<StaticSectionProps<P>, 'as' | 'props'>
  section: number
  props: P
}

export type StaticSection<P> = ((props: StaticSectionProps<P>) => JSX.Element) & { preload: () => Promise<unknown> }

const KEEP = { __html: '' }

/** Each static section's number in this isolate: the edge's section memory tells sections apart by it. */
let sectionCount = 0

/**
 * A static section whose content is the component `load` resolves to (its own chunk). `head`: the section renders the
 * page's head elements (`<PageTitle>`); adopted, React does not own the edge's, so the section removes them when it goes,
 * before the next page's own take their place (React inserts those after it has removed the page going).
 */
export function staticSection<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { head = false }: { head?: boolean } = {},
): StaticSection<P> {
  let loading: Promise<unknown> | null = null
  const preload = () => (loading ??= load())
  const section = ++sectionCount
  const Content = lazyComponent(() => preload() as Promise<ComponentType<P>>)
  function Section({ as: Tag = 'div', className, props, ...attrs }: StaticSectionProps<P>) {
    const hydrating = useHydrating() && typeof document !== 'undefined'
    // Adopted once, while hydrating; an adopted element is never redrawn while it stays mounted.
    const [adopted] = useState(hydrating)
    useLayoutEffect(() => {
      if (!adopted || !head) return
      return () => {
        for (const el of document.head.querySelectorAll(PAGE_HEAD_SELECTOR)) el.remove()
      }
    }, [adopted])
    const onClick = useContentLinks()
    const classes = className ?? (Tag === 'div' ? 'static-section' : undefined)
    if (adopted)
      return (
        <Tag className={classes} {...attrs} onClick={onClick} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
      )
    // The edge (a build-time constant: the browser's bundle has none of this) may repeat the section's HTML.
    if (import.meta.env.SSR && !head)
      return <EdgeSection Tag={Tag} attrs={{ className: classes, ...attrs }} section={section} props={props} />
    return (
      <Tag className={classes} {...attrs} onClick={onClick}>
        <StaticSectionContext.Provider value>
          <Unrecorded>
            <Content {...props} />
          </Unrecorded>
        </StaticSectionContext.Provider>
      </Tag>
    )
  }

  /**
   * The section on the edge, with its memory of sections' HTML (docs/decisions/0057-section-memory.md): repeated from
   * it, or drawn between two marks the edge cuts its HTML out by (and then out of the document). A section inside
   * another is remembered as part of it; one drawing the page's head elements is never (React hoists those into
   * <head>, outside its HTML).
   */
  function EdgeSection({ Tag, attrs, section, props }: EdgeSectionProps<P>) {
    const memory = useSectionMemory()
    const outer = useContext(StaticSectionContext)
    // Inside a section or live part being remembered, it is part of that one's HTML: what it reads, that one's memory
    // must know (as a static section's reads, which the browser does not need).
    const nested = outer !== false
    const inherited = typeof outer === 'object' ? { read: outer.read, unrepeatable: outer.unrepeatable } : true
    const remembered = memory && !nested ? memory.recall(section, props) : null
    if (remembered?.mark)
      return (
        <Tag {...attrs}>
          <template data-repeat={remembered.mark} />
        </Tag>
      )
    if (remembered) return <Tag {...attrs} dangerouslySetInnerHTML={{ __html: remembered.html }} />
    const remembering = memory && !nested ? memory.remember(section, props) : null
    return (
      <Tag {...attrs}>
        {remembering && <template data-section-start={remembering.mark} />}
        <StaticSectionContext.Provider value={remembering?.recorder ?? inherited}>
          <Unrecorded>
            <Content {...props} />
          </Unrecorded>
        </StaticSectionContext.Provider>
        {remembering && <template data-section-end={remembering.mark} />}
      </Tag>
    )
  }
  return Object.assign(Section, { preload })
}

/**
 * A server-only page: one static section, `<main>` and head elements included, for a page with nothing to do in the
 * browser (no live parts, no controls beyond links). Its module lives in `pages/server-only/` and the page registry
 * wraps it with this; `load` resolves to its `Page`, which renders the page's `<main>`.
 */
export function serverOnlyPage(load: () => Promise<ComponentType>): {
  Page: () => JSX.Element
  preload: () => Promise<unknown>
} {
  const Body = staticSection<object>(load as () => Promise<ComponentType<object>>, { head: true })
  return { Page: () => <Body props={{}} />, preload: Body.preload }
}
