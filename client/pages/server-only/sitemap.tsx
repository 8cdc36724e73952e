/** `/sitemap`: every public route in the current language, grouped by section, then the latest content items. */

import type { Id } from '../../../contract/gateway/common'
import type { Key } from '../../../shared/keys/api-keys'
import { sitemapPlan } from '../../../shared/plans/site'
import { href, hrefTo } from '../../../shared/routing/match'
import { ROUTE_BY_ID } from '../../../shared/routing/routes'
import {
  listSitemapEntries,
  SITEMAP_SECTIONS,
  type SitemapEntry,
  type SitemapSection,
  sitemapSectionOf,
} from '../../../shared/routing/sitemap-routes'
import { SectorLinkList, SectorsSection } from '../../features/guide/sectors'
import { SitePageHead } from '../../features/site/site-page-head'
import { Section, usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { Breadcrumbs } from '../../ui/breadcrumbs'
import { PageTitle } from '../../ui/page-title'
import { SkeletonRegion, SkeletonText } from '../../ui/skeleton'

type Translate = ReturnType<typeof useT>

/** A parametrised route is named by its value (a media type, a reason); the others by their title. */
function labelOf(entry: SitemapEntry, t: Translate): string {
  const { id, params = {} } = entry
  if (id === 'media' && params.id) return t(`menu.media.${params.id}`)
  if (id === 'reason' && params.topic) return t(`menu.reasons.${params.topic}`)
  return t(`routes.${ROUTE_BY_ID[id].title}`)
}

function groupEntries(): Map<SitemapSection, SitemapEntry[]> {
  const groups = new Map<SitemapSection, SitemapEntry[]>(SITEMAP_SECTIONS.map((s) => [s, []]))
  for (const entry of listSitemapEntries()) groups.get(sitemapSectionOf(entry.id))!.push(entry)
  return groups
}

type ContentItem = { id: Id; label: string }

function ContentList<T>({
  dataKey,
  pick,
  routeId,
}: {
  dataKey: Key<T[]>
  pick: (item: T) => ContentItem
  routeId: 'story' | 'event' | 'gallery'
}) {
  const t = useT()
  const locale = useLocale()
  const { data, error } = usePayload(dataKey)
  const items = (data?.content ?? []).map(pick)
  if (error) return <p className="muted">{t('site.sitemap.unavailable')}</p>
  if (!items.length) return <p className="muted">{t('site.sitemap.none')}</p>
  return (
    <ul className="sitemap-group__links">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={href(routeId, { locale, params: { id: String(item.id) } })}>{item.label}</Link>
        </li>
      ))}
    </ul>
  )
}

function ContentGroup<T>({
  title,
  dataKey,
  listRoute,
  routeId,
  pick,
}: {
  title: string
  dataKey: Key<T[]>
  listRoute: string
  routeId: 'story' | 'event' | 'gallery'
  pick: (item: T) => ContentItem
}) {
  const t = useT()
  const id = `sitemap-${routeId}`
  return (
    <section className="sitemap-group" aria-labelledby={id}>
      <h3 className="sitemap-group__title" id={id}>
        {title}
      </h3>
      <Section
        keys={[dataKey]}
        fallback={
          <SkeletonRegion>
            <SkeletonText lines={5} />
          </SkeletonRegion>
        }
      >
        <ContentList dataKey={dataKey} pick={pick} routeId={routeId} />
      </Section>
      <p className="sitemap-group__more">
        <Link to={listRoute}>
          {t('site.sitemap.all')}
          <span className="visually-hidden">: {title}</span>
        </Link>
      </p>
    </section>
  )
}

/** The sectors the upstream names (`sectors.tsx`), each linked to its page. */
function SectorsGroup() {
  const t = useT()
  return (
    <section className="sitemap-group" aria-labelledby="sitemap-sectors">
      <h3 className="sitemap-group__title" id="sitemap-sectors">
        {t('routes.explore')}
      </h3>
      <SectorsSection lines={5}>
        <SectorLinkList className="sitemap-group__links" />
      </SectorsSection>
    </section>
  )
}

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(sitemapPlan)
  const title = t('routes.sitemap')
  const groups = groupEntries()
  return (
    <main id="main" className="container page site-page">
      <SitePageHead />
      <PageTitle title={title} description={t('site.sitemap.description')} />
      <Breadcrumbs items={[{ label: title }]} />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{t('site.sitemap.lead')}</p>
      </header>
      <section aria-labelledby="sitemap-pages">
        <h2 id="sitemap-pages" className="visually-hidden">
          {t('site.sitemap.pages')}
        </h2>
        <div className="sitemap">
          {[...groups]
            .filter(([, entries]) => entries.length)
            .map(([section, entries]) => (
              <section key={section} className="sitemap-group" aria-labelledby={`sitemap-${section}`}>
                <h3 className="sitemap-group__title" id={`sitemap-${section}`}>
                  {t(`site.sitemap.sections.${section}`)}
                </h3>
                <ul className="sitemap-group__links">
                  {entries.map((entry) => {
                    const to = hrefTo(entry, { locale })
                    return (
                      <li key={to}>
                        <Link to={to}>{labelOf(entry, t)}</Link>
                      </li>
                    )
                  })}
                </ul>
              </section>
            ))}
        </div>
      </section>
      <section className="section" aria-labelledby="sitemap-content">
        <h2 id="sitemap-content">{t('site.sitemap.content')}</h2>
        <div className="sitemap">
          <SectorsGroup />
          <ContentGroup
            title={t('routes.stories')}
            dataKey={keys.stories}
            listRoute={href('story-list', { locale })}
            routeId="story"
            pick={(s) => ({ id: s.id, label: s.title })}
          />
          <ContentGroup
            title={t('routes.events')}
            dataKey={keys.events}
            listRoute={href('event-list', { locale })}
            routeId="event"
            pick={(e) => ({ id: e.id, label: e.name })}
          />
          <ContentGroup
            title={t('menu.media.gallery')}
            dataKey={keys.galleries}
            listRoute={href('media', { locale, params: { id: 'gallery' } })}
            routeId="gallery"
            pick={(g) => ({ id: g.id, label: g.title })}
          />
        </div>
      </section>
    </main>
  )
}
