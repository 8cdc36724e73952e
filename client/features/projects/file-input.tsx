/**
 * A project's file field: the file chosen now, the one saved before, and its upload's progress (announced when done).
 */
import type { GatewayFile } from '../../../contract/gateway/common'
import { useT } from '../../runtime/i18n'
import { FormTextField, fieldId } from '../../ui/page-form'

/** One file's upload as it goes: its name, how far, and whether it finished. */
export type UploadProgress = Readonly<{ name: string; percent: number; done: boolean }>

export function FileInput({
  name,
  label,
  hint,
  accept,
  current,
  error,
  upload,
}: {
  name: string
  label: string
  hint: string
  accept: string
  /** The file the gateway keeps for the project (`upload`, or a language's `presentation`). */
  current?: GatewayFile | null
  /** i18n key */
  error?: string
  upload?: UploadProgress
}) {
  const t = useT()
  const id = fieldId(name)
  const currentName = current?.original_name || current?.file_name
  return (
    <div className="file-input">
      <FormTextField name={name} type="file" accept={accept} label={label} hint={hint} error={error} />
      {currentName ? (
        <p className="file-input__current">
          {current?.download_link ? (
            <a href={current.download_link}>{t('projects.form.currentFile', { name: currentName })}</a>
          ) : (
            t('projects.form.currentFile', { name: currentName })
          )}
        </p>
      ) : null}
      {upload ? (
        <div className="file-input__progress">
          <progress
            id={`${id}-progress`}
            max={100}
            value={upload.percent}
            aria-label={t('projects.form.uploading', { name: upload.name, percent: upload.percent })}
          />
          <span role="status">
            {upload.done
              ? t('projects.form.uploaded', { name: upload.name })
              : t('projects.form.uploading', { name: upload.name, percent: upload.percent })}
          </span>
        </div>
      ) : null}
    </div>
  )
}
