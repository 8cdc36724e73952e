/** The five layouts of docs/product.md#routes: blank, default, profile, service-category and service. */
import type { ReactNode } from 'react'
import type { Layout as LayoutName, RouteId, RouteMeta } from '../../shared/routing/routes'
import { AppealBar } from '../features/appeals/appeal-bar'
import { LivePart } from '../runtime/live-part'
import { staticSection } from '../runtime/static-section'
import { ProfileSidebar } from './shell-parts'
import { SiteHeader } from './site-header'

/** The footer is static: the browser keeps the edge's markup and loads its code only to draw one itself. */
const SiteFooter = staticSection(() => import('./site-footer').then((m) => m.SiteFooterContent))
/**
 * "Was this page useful?" is a plain form, static too (docs/product.md#page-feedback); its chunk decides whether the page
 * asks, so the first view carries neither the form nor the list of pages.
 */
const PageFeedback = staticSection(() =>
  import('../features/feedback/page-feedback-form').then((m) => m.PageFeedbackForm),
)

type LayoutProps = {
  name: LayoutName
  meta: RouteMeta
  /** The page's route and path, which the feedback control asks about (if the route is one that asks). */
  feedback: { id: RouteId; page: string }
  children: ReactNode
}

export function Layout({ name, meta, feedback, children }: LayoutProps) {
  if (name === 'blank') return <div className="layout layout--blank">{children}</div>
  const fixed = meta.fixedHeader !== false
  return (
    <div className={`layout layout--${name}`}>
      {/* The same for every anonymous reader of the page: the edge may repeat its HTML. */}
      <LivePart part="site-header" props={{ fixed }}>
        <SiteHeader fixed={fixed} />
      </LivePart>
      {name === 'profile' ? (
        <div className="container profile-layout">
          <ProfileSidebar />
          <div className="profile-layout__main">{children}</div>
        </div>
      ) : (
        children
      )}
      {/* Keyed by the page so a navigation draws it anew; the prefix keeps its key apart from the page's own sibling key
          (the same key twice among siblings makes React leave the previous page's markup in place). */}
      <PageFeedback key={`feedback:${feedback.page}`} props={feedback} />
      {!meta.hideAppealButton && <AppealBar />}
      <SiteFooter as="footer" className="site-footer" props={{}} />
    </div>
  )
}
