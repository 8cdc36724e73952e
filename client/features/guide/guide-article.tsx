/**
 * A guide text page: hero with breadcrumbs, the gateway's HTML, and an aside with next steps and the guide's sections.
 */
import type { ReactNode } from 'react'
import type { Page } from '../../../contract/gateway/site'
import type { Key } from '../../../shared/keys/api-keys'
import { useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { useRouteTitle } from '../../runtime/route-title'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { ErrorState } from '../../ui/error-state'
import { Hero } from '../../ui/hero'
import { HtmlContent } from '../../ui/html-content'
import { PageTitle } from '../../ui/page-title'
import { GuideLinks } from './guide-links'
import { GuideStyles } from './guide-styles'

export type GuideArticleProps = {
  /** The page text's key in the page's data plan (critical, so it is there on the first render). */
  dataKey: Key<Page>
  /** The hero art's seed: the gateway page's slug (`GUIDE_PAGES`). */
  seed: string
  /** One sentence under the title, also the page's description. */
  lead: string
  /** Hero actions (one primary at most). */
  actions?: ReactNode
  /** The aside's first panel, e.g. `<NextSteps>`. */
  aside?: ReactNode
  /** Below the text, e.g. a registration form. */
  children?: ReactNode
}

export function GuideArticle({ children, ...article }: GuideArticleProps) {
  return (
    <main id="main" className="page page--flush guide">
      <GuideArticleBody {...article} />
      {children}
    </main>
  )
}

/**
 * The article without its `<main>`: what a page that keeps the text as the edge drew it renders in its static section.
 */
export function GuideArticleBody({ dataKey, seed, lead, actions, aside }: Omit<GuideArticleProps, 'children'>) {
  const t = useT()
  const f = useFormat()
  const routeTitle = useRouteTitle()
  const { data, error } = usePayload(dataKey)
  const page = data?.content ?? null
  if (!page) {
    // The text not published yet (a fresh deployment) or not loaded: the page keeps its title, and what follows it (a
    // registration form) still works.
    return (
      <div className="container page">
        <PageTitle title={routeTitle} description={lead} />
        <h1>{routeTitle}</h1>
        <ErrorState
          error={error}
          headingLevel={2}
          title={error?.code === 'not_found' ? undefined : t('states.error.title')}
        />
      </div>
    )
  }
  const updated = f.date(page.updated_at)
  return (
    <>
      <GuideStyles />
      <PageTitle title={page.title} description={lead} />
      <Hero
        tone="light"
        title={page.title}
        lead={lead}
        actions={actions}
        seed={seed}
        art="ikat"
        before={<Breadcrumbs items={[{ label: t('nav.guide') }, { label: page.title }]} />}
      />
      <div className="container section">
        <div className="with-aside">
          <article className="guide-article">
            <HtmlContent html={page.content} />
            {updated ? <p className="guide-article__updated">{t('guide.updated', { date: updated })}</p> : null}
          </article>
          <aside className="with-aside__aside guide-aside" aria-label={t('guide.asideLabel')}>
            {aside}
            <GuideLinks />
          </aside>
        </div>
      </div>
    </>
  )
}
