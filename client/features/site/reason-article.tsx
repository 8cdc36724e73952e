/**
 * A reasons-to-invest page: the gateway text split at its h2 headings into sections with a contents list, the
 * closing figures section set apart, and links to the other seven reasons.
 */

import { htmlToText } from '../../../shared/markup/html-text'
import { href } from '../../../shared/routing/match'
import { REASONS } from '../../../shared/routing/routes'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'
import { HtmlContent } from '../../ui/html-content'
import { PatternArt } from '../../ui/pattern-art'

export type ReasonSection = { id: string; title: string; html: string; figures: boolean }
export type ReasonParts = { intro: string; sections: ReasonSection[] }

/** The text of a chunk's first h2 (a light read: the chunk itself is rendered through `HtmlContent`). */
const firstHeading = (chunk: string): string => htmlToText(/<h2\b[^>]*>([\s\S]*?)<\/h2\s*>/i.exec(chunk)?.[1] ?? '')

/** Splits page HTML before each top-level h2; the text before the first heading is the introduction. */
export function splitReason(html: string): ReasonParts {
  const [intro = '', ...chunks] = html.split(/(?=<h2[\s>])/i)
  const sections = chunks.map((chunk, i) => ({
    id: `section-${i + 1}`,
    title: firstHeading(chunk) || String(i + 1),
    html: chunk,
    // The closing section carries the figures (a table or a list of numbers) and the sources note.
    figures: /<table[\s>]/i.test(chunk) || i === chunks.length - 1,
  }))
  return { intro, sections }
}

/** The plain text of the introduction, for the hero's lead. */
export function introText(intro: string): string {
  return htmlToText(intro)
}

export function ReasonContents({ sections }: { sections: readonly ReasonSection[] }) {
  const t = useT()
  return (
    <nav className="site-aside__block reason-contents" aria-labelledby="reason-contents-title">
      <h2 className="site-aside__title" id="reason-contents-title">
        {t('site.reason.contents')}
      </h2>
      <ol className="reason-contents__list">
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`}>{s.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

export function ReasonSections({ sections }: { sections: readonly ReasonSection[] }) {
  return (
    <div className="reason-sections">
      {sections.map((s) => (
        <div key={s.id} id={s.id} className={s.figures ? 'reason-section reason-section--figures' : 'reason-section'}>
          <HtmlContent html={s.html} />
        </div>
      ))}
    </div>
  )
}

/** The other seven reasons as tiles, in the fixed order of the route table. */
export function OtherReasons({ current }: { current: string }) {
  const t = useT()
  const locale = useLocale()
  return (
    <ul className="reason-tiles">
      {REASONS.filter((topic) => topic !== current).map((topic) => (
        <li key={topic}>
          <Link to={href('reason', { locale, params: { topic } })} className="reason-tile">
            <PatternArt variant="ikat" seed={topic} className="reason-tile__art" />
            <span className="reason-tile__label">{t(`menu.reasons.${topic}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
