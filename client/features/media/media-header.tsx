/** The head of a media list page: breadcrumbs, the h1 and its lead on a tinted band, then the media sub-navigation. */
import type { ReactNode } from 'react'
import { Breadcrumbs, type Crumb } from '../../ui/breadcrumbs'
import { MediaNav, type MediaSection } from './media-nav'

export function MediaHeader({
  title,
  lead,
  crumbs,
  current,
  children,
}: {
  title: string
  lead?: ReactNode
  /** Below Home, ending with the current page. */
  crumbs: readonly Crumb[]
  current?: MediaSection
  children?: ReactNode
}) {
  return (
    <header className="media-head">
      <div className="container media-head__inner">
        <Breadcrumbs items={crumbs} />
        <h1 className="media-head__title">{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
      <div className="container">
        <MediaNav current={current} />
      </div>
    </header>
  )
}
