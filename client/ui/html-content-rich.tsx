/** Gateway HTML as safe React elements in a `.prose` block (the parser's chunk; loaded by `HtmlContent`). */
import { useMemo } from 'react'
import { useContentLinks } from '../runtime/content-links'
import { useLocale, useT } from '../runtime/i18n'
import { localiseHref, renderSafeNodes, sanitizeHtml } from './html-content-core'

export type HtmlContentProps = { html: string | null | undefined; className?: string; id?: string }

export function RichHtml({ html, className, id }: HtmlContentProps) {
  const locale = useLocale()
  const t = useT()
  const onClick = useContentLinks()
  const content = useMemo(
    () =>
      renderSafeNodes(sanitizeHtml(html), {
        resolveHref: (h) => localiseHref(h, locale),
        tableLabel: t('content.table'),
      }),
    [html, locale, t],
  )
  return (
    <div id={id} className={['prose', className].filter(Boolean).join(' ')} onClick={onClick}>
      {content}
    </div>
  )
}
