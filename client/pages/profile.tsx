/**
 * `/profile`: the personal data of `profile[profile.role]`, with a refresh from the gateway, and the form that corrects
 * what the account may correct (docs/gateway-contract.md#profile-changes), with or without JavaScript.
 */
import { useState } from 'react'
import { editableFields, type ProfileKind } from '../../shared/forms/profile-fields'
import { accountKeys } from '../../shared/keys/account-keys'
import { ProfileFields, roleProfile } from '../features/account/profile-fields'
import { usePageForm } from '../runtime/forms'
import { useGateway } from '../runtime/gateway'
import { useT } from '../runtime/i18n'
import { showToast } from '../runtime/notify'
import { useRoute } from '../runtime/router'
import { useSession } from '../runtime/session'
import { Button } from '../ui/button'
import { FormProblems, FormTextField, StatusPanel } from '../ui/page-form'
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
  const kind: ProfileKind | null = profile?.role ? { role: profile.role, resident: profile.is_resident } : null
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
      {kind ? <CorrectionForm kind={kind} data={data} onSaved={refresh} /> : null}
    </main>
  )
}

/** The correction form: the account's own fields, prefilled, errors at each field in the page's language. */
function CorrectionForm({
  kind,
  data,
  onSaved,
}: {
  kind: ProfileKind
  data: Record<string, unknown>
  onSaved: () => Promise<void>
}) {
  const t = useT()
  const route = useRoute('profile')
  const form = usePageForm({
    schema: () => import('../../shared/forms/profile-forms').then((m) => m.profileChangeSchema(kind)),
    onResult: async (res) => {
      if (!res.redirect) return
      // The page stays mounted across the redirect to itself: the earlier attempt's errors go.
      form.setState({ values: {}, errors: {}, code: null })
      await onSaved()
    },
  })
  const { state } = form
  const names = editableFields(kind)
  const labels = Object.fromEntries(names.map((name) => [name, t(`profile.fields.${name}`)]))
  const shownValue = (name: string) => {
    const value = state.values[name] ?? data[name]
    return typeof value === 'string' ? value : ''
  }
  return (
    <section aria-labelledby="correct-title">
      <h2 id="correct-title">{t('account.correct.title')}</h2>
      <p>{t(kind.resident ? 'account.correct.residentIntro' : 'account.correct.intro')}</p>
      {route.query.notice === 'account.saved' ? <StatusPanel>{t('account.saved')}</StatusPanel> : null}
      <FormProblems state={state} labels={labels} />
      <form method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form form--narrow">
        {names.map((name) => (
          <FormTextField
            key={`${name}:${shownValue(name)}`}
            name={name}
            type={name === 'phone' ? 'tel' : 'text'}
            label={labels[name]}
            autoComplete={AUTOCOMPLETE[name]}
            required={name === 'phone' || name === 'name' || name === 'surname' || name === 'company_name'}
            defaultValue={shownValue(name)}
            error={state.errors[name]}
          />
        ))}
        <div className="form__actions">
          <Button type="submit" label={t('account.correct.submit')} loading={form.pending} />
        </div>
      </form>
    </section>
  )
}

const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  phone: 'tel',
  name: 'given-name',
  surname: 'family-name',
  company_name: 'organization',
  position: 'organization-title',
  legal_address: 'street-address',
  website: 'url',
}
