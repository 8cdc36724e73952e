/**
 * `/event/register?event_id=`: the event application (docs/product.md#event-application), then the passport scan and
 * photo. With
 * JavaScript the details go to the gateway and the documents upload with visible progress; without it the whole
 * multipart form posts to the page action, which does both steps.
 */
import { type FormEvent, useState } from 'react'
import type { Country, Event, EventApplicationCreated } from '../../contract/gateway/media'
import { DOCUMENT_RULES, EVENT_FILE_FIELDS } from '../../shared/forms/event-application/documents'
import { EVENT_ROLES, GENDERS } from '../../shared/forms/event-application/fields'
import { EVENT_TEXT_FIELDS } from '../../shared/forms/event-application/schema'
import { APPLICATION_EXPIRED, submitEventApplication } from '../../shared/forms/event-application/submit'
import { readFields, readFiles } from '../../shared/forms/forms'
import type { Key } from '../../shared/keys/api-keys'
import { eventRegisterPlan } from '../../shared/plans/media'
import { href } from '../../shared/routing/match'
import type { FormState } from '../../shared/state/state'
import { BOT_ACTIONS, useBotProtection } from '../features/bot-protection/bot-protection'
import { DocumentField } from '../features/media/document-field'
import { EventFacts } from '../features/media/event-facts'
import { isUpcoming } from '../features/media/media-utils'
import { UploadProgress, type UploadStep } from '../features/media/upload-progress'
import { uploadWithProgress } from '../lib/upload'
import { usePayload } from '../runtime/data'
import { usePageForm } from '../runtime/forms'
import { useGateway } from '../runtime/gateway'
import { useLocale, useT } from '../runtime/i18n'
import { showToast } from '../runtime/notify'
import { Link, useRouteData, useRouter } from '../runtime/router'
import { Breadcrumbs } from '../ui/breadcrumbs'
import { Button } from '../ui/button'
import { ErrorState } from '../ui/error-state'
import { RadioGroup } from '../ui/form-field'
import { Icon } from '../ui/icon'
import { FormProblems, FormSelectField, FormTextAreaField, FormTextField, fieldId, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

const SUCCESS_NOTICE = 'notices.eventApplication'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { keys } = useRouteData(eventRegisterPlan)
  const { data } = usePayload(keys.event)
  const event = data?.content
  if (!event) return null
  const open = isUpcoming(event, Date.now())
  const eventLink = href('event', { locale, params: { id: String(event.id) } })
  const title = t('events.register.heading', { name: event.name })
  return (
    <main id="main" className="page media-page event-register">
      <PageTitle title={title} description={t('events.register.intro')} />
      <div className="container">
        <Breadcrumbs
          items={[
            { label: t('routes.events'), to: href('event-list', { locale }) },
            { label: event.name, to: eventLink },
            { label: t('routes.eventRegister') },
          ]}
        />
        <div className="page-header">
          <p className="page-header__kicker">{t('routes.eventRegister')}</p>
          <h1>{title}</h1>
          <p className="lead">{t('events.register.intro')}</p>
        </div>
        <div className="with-aside">
          <div>
            {open ? (
              <RegisterForm event={event} countriesKey={keys.countries} />
            ) : (
              <StatusPanel tone="warning" title={t('events.register.closedTitle')}>
                <p>{t('events.register.closedText')}</p>
                <p>
                  <Link to={href('event-list', { locale })}>{t('events.register.otherEvents')}</Link>
                </p>
              </StatusPanel>
            )}
          </div>
          <aside className="with-aside__aside event-facts panel" aria-labelledby="event-summary-title">
            <h2 id="event-summary-title" className="event-facts__title">
              {t('events.register.summary')}
            </h2>
            <p className="event-facts__name">
              <Link to={eventLink}>{event.name}</Link>
            </p>
            <EventFacts event={event} />
            <h3 className="event-facts__subtitle">{t('events.register.nextTitle')}</h3>
            <ol className="event-facts__steps">
              <li>{t('events.register.next1')}</li>
              <li>{t('events.register.next2')}</li>
              <li>{t('events.register.next3')}</li>
            </ol>
          </aside>
        </div>
      </div>
    </main>
  )
}

function RegisterForm({ event, countriesKey }: { event: Event; countriesKey: Key<Country[]> }) {
  const t = useT()
  const locale = useLocale()
  const { navigate } = useRouter()
  const gateway = useGateway({ quiet: true })
  const bot = useBotProtection()
  const countries = usePayload(countriesKey)
  const form = usePageForm()
  const { state, setState } = form
  const [pending, setPending] = useState(false)
  const [progress, setProgress] = useState<UploadStep | null>(null)
  // A form the edge sent back with errors (no JavaScript): the browser did not keep the chosen files.
  const [returned] = useState(() => Object.keys(state.errors).length > 0 || state.code !== null)
  const applicationId = state.values.application_id ?? ''
  const uploadKey = state.values.upload_key ?? ''
  const applicationReference = state.values.application_reference ?? ''
  const value = (name: string) => state.values[name] ?? ''

  const labels: Record<string, string> = {
    role: t('events.register.fields.role'),
    last_name: t('events.register.fields.lastName'),
    first_name: t('events.register.fields.firstName'),
    middle_name: t('events.register.fields.middleName'),
    gender: t('events.register.fields.gender'),
    birth_date: t('events.register.fields.birthDate'),
    birthplace: t('events.register.fields.birthplace'),
    country_id: t('events.register.fields.country'),
    address: t('events.register.fields.address'),
    passport: t('events.register.fields.passport'),
    email: t('events.register.fields.email'),
    phone: t('events.register.fields.phone'),
    organization: t('events.register.fields.organization'),
    position: t('events.register.fields.position'),
    activity: t('events.register.fields.activity'),
    passport_scan: t('events.register.fields.passportScan'),
    image: t('events.register.fields.photo'),
  }

  const fail = (next: FormState) => {
    setProgress(null)
    setState(next)
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (pending) return
    const data = new FormData(e.currentTarget)
    const fields = {
      ...readFields(data),
      application_id: applicationId,
      upload_key: uploadKey,
      application_reference: applicationReference,
    }
    setPending(true)
    setProgress(applicationId ? null : { step: 'sending' })
    try {
      const outcome = await submitEventApplication(
        {
          challenge: () => bot.getChallengeToken(BOT_ACTIONS.event).catch(() => ''),
          create: (body) => gateway.request<EventApplicationCreated>('POST', '/siw/public/event-application', { body }),
          upload: (upload) =>
            uploadWithProgress('/document/public/event-application', upload, {
              locale,
              onProgress: (percent) => setProgress({ step: 'uploading', percent }),
            }),
          onUpload: () => setProgress({ step: 'uploading', percent: 0 }),
        },
        { fields, files: readFiles(data, EVENT_FILE_FIELDS), eventId: String(event.id) },
      )
      if (!outcome.ok) {
        fail({ values: outcome.values as Record<string, string>, errors: outcome.errors, code: outcome.code })
        return
      }
      setProgress({ step: 'done' })
      void showToast('success', () => t(SUCCESS_NOTICE))
      const reference = outcome.reference || undefined
      await navigate(href('success-registration', { locale, query: { notice: SUCCESS_NOTICE, reference } }))
    } finally {
      setPending(false)
    }
  }

  if (countries.error) return <ErrorState error={countries.error} />
  const countryOptions = (countries.data?.content ?? [])
    .map((c) => ({ value: String(c.id), label: c.country }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))

  return (
    <>
      <FormProblems state={state} labels={labels} skipCodes={[APPLICATION_EXPIRED]} />
      {state.code === APPLICATION_EXPIRED ? (
        <div className="form-alert" role="alert">
          <Icon name="alert" />
          <p>{t('events.register.expired')}</p>
        </div>
      ) : null}
      {applicationId ? (
        <StatusPanel tone="info" title={t('events.register.savedTitle')}>
          <p>{t('events.register.savedText')}</p>
        </StatusPanel>
      ) : null}
      <form
        method="post"
        action={form.action}
        encType="multipart/form-data"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="form event-form"
      >
        {applicationId ? (
          <>
            <input type="hidden" name="application_id" value={applicationId} />
            <input type="hidden" name="upload_key" value={uploadKey} />
            <input type="hidden" name="application_reference" value={applicationReference} />
            {/* The saved details are shown read-only (disabled fields are not posted), so they travel along hidden. */}
            {EVENT_TEXT_FIELDS.map((name) => (
              <input key={name} type="hidden" name={name} value={value(name)} />
            ))}
          </>
        ) : null}
        <p className="event-form__note">{t('events.register.requiredNote')}</p>
        <fieldset className="form__section" disabled={!!applicationId}>
          <legend>{t('events.register.sections.participation')}</legend>
          <RadioGroup
            id={fieldId('role')}
            name="role"
            label={labels.role}
            required
            options={EVENT_ROLES.map((r) => ({ value: r, label: t(`events.register.roles.${r}`) }))}
            defaultValue={value('role') || 'participant'}
            error={state.errors.role ? t(state.errors.role) : null}
          />
        </fieldset>
        <fieldset className="form__section" disabled={!!applicationId}>
          <legend>{t('events.register.sections.personal')}</legend>
          <div className="form__grid">
            <FormTextField
              name="last_name"
              label={labels.last_name}
              required
              autoComplete="family-name"
              maxLength={100}
              defaultValue={value('last_name')}
              error={state.errors.last_name}
            />
            <FormTextField
              name="first_name"
              label={labels.first_name}
              required
              autoComplete="given-name"
              maxLength={100}
              defaultValue={value('first_name')}
              error={state.errors.first_name}
            />
            <FormTextField
              name="middle_name"
              label={labels.middle_name}
              hint={t('events.register.hints.middleName')}
              autoComplete="additional-name"
              maxLength={100}
              defaultValue={value('middle_name')}
              error={state.errors.middle_name}
            />
            <FormTextField
              name="birth_date"
              type="date"
              label={labels.birth_date}
              required
              autoComplete="bday"
              width="medium"
              min="1900-01-01"
              defaultValue={value('birth_date')}
              error={state.errors.birth_date}
            />
          </div>
          <RadioGroup
            id={fieldId('gender')}
            name="gender"
            label={labels.gender}
            required
            inline
            options={GENDERS.map((g) => ({ value: g, label: t(`events.register.genders.${g}`) }))}
            defaultValue={value('gender')}
            error={state.errors.gender ? t(state.errors.gender) : null}
          />
          <div className="form__grid">
            <FormTextField
              name="birthplace"
              label={labels.birthplace}
              hint={t('events.register.hints.birthplace')}
              required
              maxLength={200}
              defaultValue={value('birthplace')}
              error={state.errors.birthplace}
            />
            <FormSelectField
              name="country_id"
              label={labels.country_id}
              hint={t('events.register.hints.country')}
              required
              placeholder={t('events.register.chooseCountry')}
              options={countryOptions}
              defaultValue={value('country_id')}
              error={state.errors.country_id}
            />
          </div>
          <FormTextField
            name="address"
            label={labels.address}
            hint={t('events.register.hints.address')}
            required
            autoComplete="street-address"
            maxLength={300}
            defaultValue={value('address')}
            error={state.errors.address}
          />
          <FormTextField
            name="passport"
            label={labels.passport}
            hint={t('events.register.hints.passport')}
            required
            width="medium"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            defaultValue={value('passport')}
            error={state.errors.passport}
          />
        </fieldset>
        <fieldset className="form__section" disabled={!!applicationId}>
          <legend>{t('events.register.sections.contacts')}</legend>
          <div className="form__grid">
            <FormTextField
              name="email"
              type="email"
              label={labels.email}
              hint={t('events.register.hints.email')}
              required
              autoComplete="email"
              inputMode="email"
              defaultValue={value('email')}
              error={state.errors.email}
            />
            <FormTextField
              name="phone"
              type="tel"
              label={labels.phone}
              hint={t('events.register.hints.phone')}
              required
              autoComplete="tel"
              inputMode="tel"
              defaultValue={value('phone')}
              error={state.errors.phone}
            />
          </div>
        </fieldset>
        <fieldset className="form__section" disabled={!!applicationId}>
          <legend>{t('events.register.sections.work')}</legend>
          <div className="form__grid">
            <FormTextField
              name="organization"
              label={labels.organization}
              required
              autoComplete="organization"
              maxLength={200}
              defaultValue={value('organization')}
              error={state.errors.organization}
            />
            <FormTextField
              name="position"
              label={labels.position}
              required
              autoComplete="organization-title"
              maxLength={150}
              defaultValue={value('position')}
              error={state.errors.position}
            />
          </div>
          <FormTextAreaField
            name="activity"
            label={labels.activity}
            hint={t('events.register.hints.activity')}
            rows={4}
            maxLength={1000}
            defaultValue={value('activity')}
            error={state.errors.activity}
          />
        </fieldset>
        <fieldset className="form__section">
          <legend>{t('events.register.sections.documents')}</legend>
          <p className="field__hint">{t('events.register.documentsIntro')}</p>
          {returned ? (
            <p className="event-form__again">
              <Icon name="info" /> {t('events.register.chooseAgain')}
            </p>
          ) : null}
          <DocumentField
            name="passport_scan"
            label={labels.passport_scan!}
            hint={t('events.register.hints.passportScan')}
            accept={DOCUMENT_RULES.passport_scan.accept}
            error={state.errors.passport_scan}
          />
          <div className="photo-guide">
            <p className="photo-guide__title">{t('events.register.photoGuide.title')}</p>
            <ul className="photo-guide__list">
              <li>{t('events.register.photoGuide.size')}</li>
              <li>{t('events.register.photoGuide.background')}</li>
              <li>{t('events.register.photoGuide.face')}</li>
              <li>{t('events.register.photoGuide.format')}</li>
            </ul>
          </div>
          <DocumentField
            name="image"
            label={labels.image!}
            hint={t('events.register.hints.photo')}
            accept={DOCUMENT_RULES.image.accept}
            error={state.errors.image}
          />
        </fieldset>
        <UploadProgress state={progress} />
        <div className="form__actions">
          <Button
            type="submit"
            label={applicationId ? t('events.register.submitDocuments') : t('events.register.submit')}
            loading={pending}
            loadingLabel={progress?.step === 'uploading' ? t('events.register.uploading') : t('forms.sending')}
          />
          <Link to={href('event', { locale, params: { id: String(event.id) } })}>{t('events.register.cancel')}</Link>
        </div>
      </form>
    </>
  )
}
