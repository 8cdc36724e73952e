/** Gateway HTML as safe React elements in a `.prose` block (the parser's chunk; loaded by `HtmlContent`). */
import { useMemo } from 'react'
import { useOrigin } from '../runtime/config'
import { useContentLinks } from '../runtime/content-links'
import { useLocale, useT } from '../runtime/i18n'
import { localiseHref, renderSafeNodes, sanitizeHtml } from './html-content-core'

export type HtmlContentProps = { html: string | null | undefined; className?: string; id?: string }

export function RichHtml({ html, className, id }: HtmlContentProps) {
  const locale = useLocale()
  const t = useT()
  const origin = useOrigin()
  const onClick = useContentLinks()
  const content = useMemo(
    () =>
      renderSafeNodes(sanitizeHtml(html, origin), {
        resolveHref: (h) => localiseHref(h, locale, origin),
        tableLabel: t('content.table'),
      }),
    [html, locale, origin, t],
  )
  return (
    <div id={id} className={['prose', className].filter(Boolean).join(' ')} onClick={onClick}>
      {content}
    </div>
  )
}
