/**
 * The anonymous appeal from the default layout's appeal bar (`appeal-button.tsx` opens it): a two-step dialog (name and
 * e-mail, then the appeal) that posts to `POST /siw/public/appeal` with bot protection.
 */
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { Created, Id } from '../../../contract/gateway/common'
import { AppealContactSchema, AppealSchema } from '../../../shared/forms/account-forms'
import { checkForm, readFields } from '../../../shared/forms/forms'
import { accountKeys } from '../../../shared/keys/account-keys'
import type { FormState } from '../../../shared/state/state'
import { usePayload } from '../../runtime/data'
import { useGateway } from '../../runtime/gateway'
import { useT } from '../../runtime/i18n'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icon'
import { FormProblems, FormTextField, StatusPanel } from '../../ui/page-form'
import { BOT_ACTIONS, useBotProtection } from '../bot-protection/bot-protection'
import { AppealFields, useAppealLabels } from './appeal-fields'

const EMPTY: FormState = { values: {}, errors: {}, code: null }
const SCOPE = 'appeal-dialog'

/** The two-step anonymous appeal in a modal dialog; closing returns focus to the button that opened it. */
export function AppealDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const [step, setStep] = useState<1 | 2 | 'sent'>(1)
  const [contact, setContact] = useState<Record<string, string>>({})
  const [sent, setSent] = useState<{ id: Id; email: string } | null>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // Topics and regions load while the visitor fills in step 1, so step 2 is ready at once.
  usePayload(accountKeys.appealTopics())
  usePayload(accountKeys.regions())

  // Modal in the commit that draws it, not a task later: the dialog's code may arrive after the press that asked for it.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    opener.current = document.activeElement
    dialog.showModal()
    const close = () => {
      onCloseRef.current()
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
    dialog.addEventListener('close', close)
    return () => dialog.removeEventListener('close', close)
  }, [])

  // Each step starts at its heading, so screen readers hear where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the step changed.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus()
  }, [step])

  return (
    <dialog ref={ref} className="dialog appeal-dialog" aria-labelledby={`${id}-title`}>
      <div className="dialog__header">
        <h2 className="dialog__title" id={`${id}-title`}>
          {t('appeals.form.title')}
        </h2>
        <button
          type="button"
          className="icon-button dialog__close"
          aria-label={t('appeals.form.close')}
          onClick={() => ref.current?.close()}
        >
          <Icon name="close" />
        </button>
      </div>
      {step === 1 ? (
        <ContactStep
          initial={contact}
          onNext={(values) => {
            setContact(values)
            setStep(2)
          }}
        />
      ) : step === 2 ? (
        <AppealStep
          contact={contact}
          onBack={() => setStep(1)}
          onSent={(result) => {
            setSent(result)
            setStep('sent')
          }}
        />
      ) : (
        <div className="dialog__body">
          <h3 tabIndex={-1} data-step-heading>
            {t('appeals.form.sentTitle')}
          </h3>
          <StatusPanel>
            <p>{t('appeals.form.sentText', { id: sent?.id ?? '', email: sent?.email ?? '' })}</p>
          </StatusPanel>
          <p className="muted">{t('appeals.form.signInHint')}</p>
          <div className="form__actions">
            <Button label={t('appeals.form.close')} onClick={() => ref.current?.close()} />
          </div>
        </div>
      )}
    </dialog>
  )
}

function ContactStep({
  initial,
  onNext,
}: {
  initial: Record<string, string>
  onNext: (values: Record<string, string>) => void
}) {
  const t = useT()
  const [state, setState] = useState<FormState>({ values: initial, errors: {}, code: null })
  const labels = { full_name: t('appeals.form.name'), email: t('appeals.form.email') }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const values = readFields(new FormData(event.currentTarget))
    const form = checkForm(AppealContactSchema, values)
    if (!form.ok) return setState({ values, errors: form.errors, code: null })
    onNext(form.output)
  }
  return (
    <form className="dialog__body form" onSubmit={onSubmit} noValidate>
      <h3 tabIndex={-1} data-step-heading className="dialog__step">
        {t('appeals.form.step', { step: 1 })}
      </h3>
      <FormProblems state={state} labels={labels} scope={SCOPE} />
      <FormTextField
        name="full_name"
        scope={SCOPE}
        label={labels.full_name}
        autoComplete="name"
        required
        defaultValue={state.values.full_name ?? ''}
        error={state.errors.full_name}
      />
      <FormTextField
        name="email"
        scope={SCOPE}
        type="email"
        inputMode="email"
        autoComplete="email"
        label={labels.email}
        hint={t('appeals.form.emailHint')}
        required
        defaultValue={state.values.email ?? ''}
        error={state.errors.email}
      />
      <div className="form__actions">
        <Button type="submit" iconName="arrow-right" afterIcon label={t('appeals.form.next')} />
      </div>
    </form>
  )
}

function AppealStep({
  contact,
  onBack,
  onSent,
}: {
  contact: Record<string, string>
  onBack: () => void
  onSent: (result: { id: Id; email: string }) => void
}) {
  const t = useT()
  const gateway = useGateway({ quiet: true })
  const bot = useBotProtection()
  const topics = usePayload(accountKeys.appealTopics())
  const regions = usePayload(accountKeys.regions())
  const labels = useAppealLabels()
  const [state, setState] = useState<FormState>(EMPTY)
  const [pending, setPending] = useState(false)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const values = readFields(new FormData(event.currentTarget))
    const form = checkForm(AppealSchema, values)
    if (!form.ok) return setState({ values, errors: form.errors, code: null })
    const { type, region_id, text } = form.output
    setPending(true)
    try {
      const hash = await bot.getChallengeToken(BOT_ACTIONS.appeal).catch(() => '')
      const answer = await gateway.request<Created>('POST', '/siw/public/appeal', {
        body: { ...contact, ...type, region_id, text, hash },
      })
      if (answer.ok) return onSent({ id: answer.envelope.content.id, email: contact.email ?? '' })
      const fieldErrors: Record<string, string> = {}
      if (answer.code === 'validation_error') {
        for (const path of answer.errors) {
          const field = path.split('.')[0]!
          fieldErrors[field === 'topic_id' || field === 'type_id' ? 'type' : field] = 'forms.errors.invalid'
        }
      }
      setState({ values, errors: fieldErrors, code: answer.code })
    } finally {
      setPending(false)
    }
  }
  return (
    <form className="dialog__body form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h3 tabIndex={-1} data-step-heading className="dialog__step">
        {t('appeals.form.step', { step: 2 })}
      </h3>
      <FormProblems state={state} labels={labels} scope={SCOPE} />
      {topics.error || regions.error ? (
        <p role="alert">{t('messages.error.internal_error')}</p>
      ) : (
        <AppealFields
          topics={topics.data?.content ?? []}
          regions={regions.data?.content ?? []}
          state={state}
          scope={SCOPE}
        />
      )}
      <div className="form__actions">
        <Button variant="outline" iconName="arrow-left" label={t('appeals.form.back')} onClick={onBack} />
        <Button type="submit" label={t('appeals.form.submit')} loading={pending} />
      </div>
    </form>
  )
}
