/**
 * `/guide/project/all/map`: all projects on a map (docs/product.md#all-projects), the list's filters applied. The
 * heading, the filters' GET form and the list of the marked projects are kept as the edge drew them
 * (`features/guide/all-projects-parts.tsx`); the map alone hydrates, and loads MapLibre once it has
 * (docs/decisions/0058-project-map.md). The list's page carries none of it.
 */
import { allProjectsMapPlan } from '../../shared/plans/guide'
import { GuideStyles } from '../features/guide/guide-styles'
import { useConfig } from '../runtime/config'
import { usePayload } from '../runtime/data'
import { useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { useRouteData } from '../runtime/router'
import { staticSection } from '../runtime/static-section'
import { PageTitle } from '../ui/page-title'

const parts = () => import('../features/guide/all-projects-parts')
const Header = staticSection(() => parts().then((m) => m.MapHeader))
const Filters = staticSection(() => parts().then((m) => m.MapFilters))
const PlaceList = staticSection(() => parts().then((m) => m.ProjectPlaceList))
const ProjectMap = lazyComponent(() => import('../features/guide/project-map').then((m) => m.ProjectMap))
export const preload = parts

const NO_PLACES: never[] = []

export function Page() {
  const t = useT()
  const { keys } = useRouteData(allProjectsMapPlan)
  const places = usePayload(keys.places).data?.content ?? NO_PLACES
  const hasMap = useConfig().map !== null
  const title = t('routes.allProjectsMap')
  return (
    <main id="main" className="page guide all-projects">
      <GuideStyles />
      <PageTitle title={title} description={t('allProjects.map.lead')} />
      <div className="container">
        <Header props={{}} />
        <div className="guide-catalogue">
          <Filters props={{}} />
          <section className="guide-results project-map-view" aria-labelledby="results-title">
            <h2 id="results-title">{t('allProjects.map.title')}</h2>
            <div className="project-map-view__body">
              {hasMap ? (
                <ProjectMap places={places} />
              ) : (
                <p className="project-map__status">{t('allProjects.map.off')}</p>
              )}
              <PlaceList as="section" className="project-map-list" aria-labelledby="map-list-title" props={{}} />
            </div>
          </section>
        </div>
      </div>
    </main>
  )
}
