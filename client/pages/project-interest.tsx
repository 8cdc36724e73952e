/**
 * `/guide/project/{id}/interest`: the interest form of a project, and its receipt with the enquiry's reference once
 * sent (docs/product.md#enquiries). The form works without JavaScript; its code loads when the reader turns to it, so
 * the project's own page carries none of it.
 */
import { Suspense } from 'react'
import { projectInterestPlan } from '../../shared/plans/enquiries'
import { href } from '../../shared/routing/match'
import { usePayload } from '../runtime/data'
import { HydrateWhenEngaged } from '../runtime/hydrate-later'
import { useLocale, useT } from '../runtime/i18n'
import { lazyComponent } from '../runtime/lazy-component'
import { Link, useRoute, useRouteData } from '../runtime/router'
import { useSession } from '../runtime/session'
import { Breadcrumbs } from '../ui/breadcrumbs'
import { ErrorState } from '../ui/error-state'
import { StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

const InterestForm = lazyComponent(() => import('../features/enquiries/interest-form').then((m) => m.InterestForm))

/** Drawn in the browser after a client navigation, the form loads with the page. */
export const preload = () => InterestForm.preload()

export function Page() {
  const t = useT()
  const locale = useLocale()
  const session = useSession()
  const route = useRoute('project-interest')
  const { keys } = useRouteData(projectInterestPlan)
  const { data, error } = usePayload(keys.project)
  const amounts = usePayload(keys.amounts).data?.content ?? []
  const countries = usePayload(keys.countries).data?.content ?? []
  const project = data?.content
  if (!project)
    return (
      <main id="main" className="container page">
        <ErrorState error={error} />
      </main>
    )
  const title = t('enquiries.pageTitle', { project: project.title })
  const projectHref = href('project', { locale, params: { id: String(project.id) } })
  const sent = route.query.sent
  return (
    <main id="main" className="container page interest-page">
      <PageTitle title={title} />
      <Breadcrumbs
        items={[
          { label: t('routes.projects'), to: href('guide-project', { locale }) },
          { label: project.title, to: projectHref },
          { label: t('routes.projectInterest') },
        ]}
      />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{t('enquiries.lead')}</p>
      </header>
      <div className="interest-page__main" id="interest-main">
        {sent ? (
          <StatusPanel title={t('enquiries.sentTitle')}>
            <p>{t('enquiries.sentText', { reference: sent })}</p>
            <p>
              {session.profile ? (
                <Link to={href('profile-enquiries', { locale })}>{t('routes.profileEnquiries')}</Link>
              ) : (
                t('enquiries.sentLink')
              )}
            </p>
          </StatusPanel>
        ) : project.status === 'closed' ? (
          <StatusPanel tone="warning" title={t('enquiries.refusedTitle')}>
            <p>{t('enquiries.refusals.project_closed')}</p>
          </StatusPanel>
        ) : (
          <Suspense fallback={null}>
            <HydrateWhenEngaged within="interest-main">
              <InterestForm amounts={amounts} countries={countries} />
            </HydrateWhenEngaged>
          </Suspense>
        )}
        <p>
          <Link to={projectHref}>{t('enquiries.backToProject')}</Link>
        </p>
      </div>
    </main>
  )
}
