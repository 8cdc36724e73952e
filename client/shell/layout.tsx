/** The five layouts of docs/product.md#routes: blank, default, profile, service-category and service. */
import type { ReactNode } from 'react'
import type { Layout as LayoutName, RouteMeta } from '../../shared/routing/routes'
import { AppealBar } from '../features/appeals/appeal-bar'
import { staticSection } from '../runtime/static-section'
import { ProfileSidebar } from './shell-parts'
import { SiteHeader } from './site-header'

/** The footer is static: the browser keeps the edge's markup and loads its code only to draw one itself. */
const SiteFooter = staticSection(() => import('./site-footer').then((m) => m.SiteFooterContent))

export function Layout({ name, meta, children }: { name: LayoutName; meta: RouteMeta; children: ReactNode }) {
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
      {!meta.hideAppealButton && <AppealBar />}
      <SiteFooter as="footer" className="site-footer" props={{}} />
    </div>
  )
}
