/** `/profile`: the personal data of `profile[profile.role]`, with a refresh from the gateway. */
import { useState } from 'react'
import { accountKeys } from '../../shared/keys/account-keys'
import { ProfileFields, roleProfile } from '../features/account/profile-fields'
import { useGateway } from '../runtime/gateway'
import { useT } from '../runtime/i18n'
import { showToast } from '../runtime/notify'
import { useSession } from '../runtime/session'
import { Button } from '../ui/button'
import { PageTitle } from '../ui/page-title'

const INVESTOR_FIELDS = [
  'name',
  'surname',
  'email',
  'phone',
  'pin',
  'country',
  'region',
  'company_name',
  'position',
  'website',
  'contact_person',
  'source',
  'comments',
] as const
const BUSINESS_FIELDS = [
  'name',
  'surname',
  'email',
  'phone',
  'pin',
  'tin',
  'company_name',
  'region',
  'legal_address',
  'website',
] as const

export function Page() {
  const t = useT()
  const session = useSession()
  const gateway = useGateway()
  const [busy, setBusy] = useState(false)
  const profile = session.profile
  const data = roleProfile(profile)
  const fields = profile?.role === 'businessmen' ? BUSINESS_FIELDS : INVESTOR_FIELDS
  const refresh = async () => {
    setBusy(true)
    try {
      const answer = await gateway.getEnvelope(accountKeys.profile())
      // A failure the client has already told the user (docs/product.md#errors).
      if (answer.ok && answer.envelope.content) {
        session.setProfile(answer.envelope.content, true)
        showToast('success', () => t('profile.refreshed'))
      }
    } finally {
      setBusy(false)
    }
  }
  const title = t('profile.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <div className="profile-page__head">
        <h1>{title}</h1>
        <Button
          variant="outline"
          size="sm"
          iconName="refresh"
          label={t('profile.refresh')}
          loading={busy}
          onClick={() => void refresh()}
        />
      </div>
      <p className="profile-page__badges">
        <span className="badge">{t(`auth.roles.${profile?.role ?? 'investor'}`)}</span>{' '}
        <span className="badge badge--neutral">
          {t(profile?.is_resident ? 'profile.residentYes' : 'profile.residentNo')}
        </span>
      </p>
      <section aria-labelledby="personal-title">
        <h2 id="personal-title">{t('profile.personal')}</h2>
        <ProfileFields data={{ ...data, email: data.email ?? profile?.email }} fields={fields} />
      </section>
    </main>
  )
}
