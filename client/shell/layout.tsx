/** The five layouts of docs/product.md#routes: blank, default, profile, service-category and service. */
import type { ReactNode } from 'react'
import type { Layout as LayoutName, RouteMeta } from '../../shared/routing/routes'
import { AppealBar } from '../features/appeals/appeal-bar'
import { staticSection } from '../runtime/static-section'
import { ProfileSidebar } from './shell-parts'
import { SiteHeader } from './site-header'

/** The footer is static: the browser keeps the edge's markup and loads its code only to draw one itself. */
const SiteFooter = staticSection(() => import('./site-footer').then((m) => m.SiteFooterContent))
/** "Was this page useful?" is a plain form, static too (docs/product.md#page-feedback). */
const PageFeedback = staticSection(() =>
  import('../features/feedback/page-feedback-form').then((m) => m.PageFeedbackForm),
)

type LayoutProps = {
  name: LayoutName
  meta: RouteMeta
  /** A content page's own path, which the feedback control asks about; none on other pages. */
  feedbackPage?: string
  children: ReactNode
}

export function Layout({ name, meta, feedbackPage, children }: LayoutProps) {
  if (name === 'blank') return <div className="layout layout--blank">{children}</div>
  const fixed = meta.fixedHeader !== false
  return (
    <div className={`layout layout--${name}`}>
      <SiteHeader fixed={fixed} />
      {name === 'profile' ? (
        <div className="container profile-layout">
          <ProfileSidebar />
          <div className="profile-layout__main">{children}</div>
        </div>
      ) : (
        children
      )}
      {feedbackPage && (
        <PageFeedback
          key={feedbackPage}
          as="section"
          className="page-feedback"
          aria-labelledby="page-feedback-title"
          props={{ page: feedbackPage }}
        />
      )}
      {!meta.hideAppealButton && <AppealBar />}
      <SiteFooter as="footer" className="site-footer" props={{}} />
    </div>
  )
}
