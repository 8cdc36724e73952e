/**
 * `/profile/enquiries`: the signed-in person's enquiries, each with where it stands and the agency's replies
 * (docs/product.md#enquiries), including those made from the account's address before signing in.
 */
import { myEnquiriesPlan } from '../../../shared/plans/enquiries'
import { href } from '../../../shared/routing/match'
import { EnquiryCard } from '../../features/enquiries/enquiry-card'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { Link, useRouteData } from '../../runtime/router'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(myEnquiriesPlan)
  const list = usePayload(keys.list).data?.content ?? []
  const title = t('routes.profileEnquiries')
  return (
    <main id="main" className="profile-page enquiries-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('enquiries.mineLead')}</p>
      {list.length === 0 ? (
        <p>
          {t('enquiries.none')} <Link to={href('guide-project', { locale })}>{t('enquiries.otherProjects')}</Link>
        </p>
      ) : (
        <ul className="enquiry-list">
          {list.map((e) => (
            <li key={e.id}>
              <EnquiryCard enquiry={e} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
