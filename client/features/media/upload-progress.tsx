/** Progress of the application: sending the details, then the documents' upload with its percentage. */
import { useT } from '../../runtime/i18n'

export type UploadStep = { step: 'sending' } | { step: 'uploading'; percent: number } | { step: 'done' }

export function UploadProgress({ state }: { state: UploadStep | null }) {
  const t = useT()
  const percent = state?.step === 'uploading' ? state.percent : state?.step === 'done' ? 100 : 0
  const text = !state
    ? ''
    : state.step === 'sending'
      ? t('events.register.progress.sending')
      : state.step === 'uploading'
        ? t('events.register.progress.uploading', { percent })
        : t('events.register.progress.done')
  // Screen readers hear each step once; the changing percentage is for the eye (and the progress bar's value).
  const spoken = state?.step === 'uploading' ? t('events.register.progress.uploadingSpoken') : text
  return (
    <div className="upload-progress">
      {state ? (
        <div className="upload-progress__visual">
          <progress
            className="upload-progress__bar"
            max={100}
            value={state.step === 'sending' ? undefined : percent}
            aria-label={t('events.register.progress.label')}
          />
          <p className="upload-progress__text" aria-hidden="true">
            {text}
          </p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {spoken}
      </p>
    </div>
  )
}
