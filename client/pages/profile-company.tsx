/** `/profile/company`: company name, legal address, website and region of the registration. */

import { ProfileFields, roleProfile } from '../features/account/profile-fields'
import { useT } from '../runtime/i18n'
import { useSession } from '../runtime/session'
import { PageTitle } from '../ui/page-title'

const COMPANY_FIELDS = ['company_name', 'legal_address', 'website', 'region'] as const

export function Page() {
  const t = useT()
  const session = useSession()
  const title = t('profile.company.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('profile.company.intro')}</p>
      <ProfileFields data={roleProfile(session.profile)} fields={COMPANY_FIELDS} />
    </main>
  )
}
