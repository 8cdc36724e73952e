/** A content page from `GET page/{slug}`: breadcrumbs, heading, last update, the sanitised text and a side column. */
import type { ReactNode } from 'react'
import type { Page } from '../../../contract/gateway/site'
import type { Key } from '../../../shared/keys/api-keys'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { useRouteTitle } from '../../runtime/route-title'
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs'
import { ErrorState } from '../../ui/error-state'
import { HtmlContent } from '../../ui/html-content'
import { PageTitle } from '../../ui/page-title'
import { describeHtml } from './describe'
import { SitePageHead } from './site-page-head'

export type ContentPageViewProps = {
  /** The page's gateway key, exactly as the route's data plan lists it. */
  dataKey: Key<Page>
  /** Crumbs between Home and the page itself. */
  trail?: readonly Crumb[]
  kicker?: ReactNode
  /** The side column (related links, a call to action). */
  aside?: ReactNode
  /** Sections after the text (e.g. the leadership on About). */
  children?: ReactNode
}

/** The page from the critical key; a gateway failure has already answered with the error screen. */
export function ContentPageView({ dataKey, trail = [], kicker, aside, children }: ContentPageViewProps) {
  const t = useT()
  const f = useFormat()
  const routeTitle = useRouteTitle()
  const { data, error } = usePayload(dataKey)
  const page = data?.content
  if (!page) {
    return (
      <main id="main" className="container page">
        <SitePageHead />
        <PageTitle title={routeTitle} />
        <h1>{routeTitle}</h1>
        <ErrorState error={error} />
        {children}
      </main>
    )
  }
  const updated = page.updated_at ? f.date(page.updated_at) : ''
  return (
    <main id="main" className="page site-page">
      <SitePageHead />
      <PageTitle title={page.title} description={describeHtml(page.content)} />
      <div className="container">
        <Breadcrumbs items={[...trail, { label: page.title }]} />
        <header className="page-header site-page__header">
          {kicker && <p className="page-header__kicker">{kicker}</p>}
          <h1>{page.title}</h1>
          {updated && <p className="muted site-page__updated">{t('site.page.updated', { date: updated })}</p>}
        </header>
        <div className={aside ? 'with-aside' : undefined}>
          <HtmlContent html={page.content} className="site-page__prose" />
          {aside && (
            <aside className="with-aside__aside site-aside" aria-label={t('site.page.related')}>
              {aside}
            </aside>
          )}
        </div>
      </div>
      {children}
    </main>
  )
}
