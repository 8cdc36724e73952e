/**
 * The one way to show gateway HTML (docs/decisions/0006-adopted-html.md). The edge renders it through the allow-list
 * parser
 * (`html-content-core.ts`); while the browser hydrates that markup it keeps it as it is, so the parser is loaded
 * only when a page shows gateway HTML after a client navigation — not on first load.
 */
import { Suspense, useState } from 'react'
import { useContentLinks } from '../runtime/content-links'
import { lazyComponent } from '../runtime/lazy-component'
import { useHydrating } from '../runtime/visibility'
import type { HtmlContentProps } from './html-content-rich'

const RichHtml = lazyComponent(() => import('./html-content-rich').then((m) => m.RichHtml))

/** Gateway HTML as safe elements in a `.prose` block; site links navigate on the client. */
export function HtmlContent(props: HtmlContentProps) {
  // While this component hydrates (also in a Suspense section that hydrates after the root), the edge's markup stays.
  const hydrating = useHydrating() && typeof document !== 'undefined'
  const [adopted] = useState(() => (hydrating ? props.html : undefined))
  return (
    <Suspense fallback={null}>
      {adopted !== undefined && adopted === props.html ? <AdoptedHtml {...props} /> : <RichHtml {...props} />}
    </Suspense>
  )
}

/**
 * The edge's sanitised markup, adopted during hydration: an element with `dangerouslySetInnerHTML` has no child
 * fibers, so React keeps the server's children and never rewrites them while `__html` stays the same.
 */
function AdoptedHtml({ className, id }: HtmlContentProps) {
  const onClick = useContentLinks()
  return (
    <div
      id={id}
      className={['prose', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={KEEP}
      suppressHydrationWarning
    />
  )
}

const KEEP = { __html: '' }
