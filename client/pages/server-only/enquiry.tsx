/**
 * `/enquiry/{token}`: an enquiry by the signed link of its receipt (docs/product.md#enquiries), for an enquirer without
 * an account: where it stands and the agency's replies. A forged or mistyped link is a 404.
 */
import { enquiryPlan } from '../../../shared/plans/enquiries'
import { EnquiryCard } from '../../features/enquiries/enquiry-card'
import { usePayload } from '../../runtime/data'
import { useT } from '../../runtime/i18n'
import { useRouteData } from '../../runtime/router'
import { PageTitle } from '../../ui/page-title'

export function Page() {
  const t = useT()
  const { keys } = useRouteData(enquiryPlan)
  const enquiry = usePayload(keys.enquiry).data?.content
  if (!enquiry) return null
  const title = t('enquiries.yourEnquiry', { reference: enquiry.reference })
  return (
    <main id="main" className="container page enquiry-page">
      <PageTitle title={title} />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="lead">{t('enquiries.linkLead')}</p>
      </header>
      <EnquiryCard enquiry={enquiry} />
    </main>
  )
}
