/** A route whose content arrives in a later issue: its real layout, title and heading. */
import { ROUTE_BY_ID } from '../../shared/routes'
import { PageTitle } from '../components/page-title'
import { useT } from '../i18n'
import { useRouter } from '../router'

export function Page() {
  const t = useT()
  const { route } = useRouter()
  const def = route.id ? ROUTE_BY_ID[route.id] : null
  const title = t(`routes.${def?.title ?? 'page'}`)
  return (
    <main id="main" className="container page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('common.comingSoon')}</p>
    </main>
  )
}
