/**
 * The project form's submit with JavaScript: the shared workflow (`submitProjectForm`) through the browser's gateway
 * client, each file uploaded with its progress shown; then the lists are refreshed and the user returns to them.
 */
import { type FormEvent, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import type { PersonalProject } from '../../../contract/gateway/account'
import { readFields, readFiles } from '../../../shared/forms/forms'
import { PROJECT_FILE_FIELDS } from '../../../shared/forms/project-form/fields'
import { submitProjectForm } from '../../../shared/forms/project-form/submit'
import { accountKeys } from '../../../shared/keys/account-keys'
import { href } from '../../../shared/routing/match'
import type { FormState } from '../../../shared/state/state'
import { uploadWithProgress } from '../../lib/upload'
import { useGateway } from '../../runtime/gateway'
import { useLocale, useT } from '../../runtime/i18n'
import { showToast } from '../../runtime/notify'
import { useRouter } from '../../runtime/router'
import type { UploadProgress } from './file-input'

export function useProjectSubmit({
  project,
  onFailed,
}: {
  project: PersonalProject | null
  onFailed: (state: FormState) => void
}) {
  const t = useT()
  const locale = useLocale()
  const { navigate } = useRouter()
  const { mutate } = useSWRConfig()
  const gateway = useGateway({ quiet: true })
  const [pending, setPending] = useState(false)
  const [uploads, setUploads] = useState<Readonly<Record<string, UploadProgress>>>({})
  const sending = useRef(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    const data = new FormData(event.currentTarget)
    const files = readFiles(data, PROJECT_FILE_FIELDS)
    try {
      const outcome = await submitProjectForm(
        {
          gateway,
          upload: (path, body, field) => {
            const name = files[field]?.name ?? ''
            const track = (percent: number, done = false) =>
              setUploads((u) => ({ ...u, [field]: { name, percent, done } }))
            track(0)
            return uploadWithProgress(path, body, { locale, onProgress: (percent) => track(percent) }).then(
              (answer) => {
                if (answer.ok) track(100, true)
                return answer
              },
            )
          },
          onSend: () => {
            setPending(true)
            setUploads({})
          },
        },
        { fields: readFields(data), files, id: project ? String(project.id) : null },
      )
      if (!outcome.ok) {
        onFailed({ values: readFields(data), errors: outcome.errors, code: outcome.code })
        return
      }
      void mutate(accountKeys.projects())
      void mutate(accountKeys.project(outcome.id))
      showToast(outcome.filesFailed ? 'warning' : 'success', () =>
        t(outcome.filesFailed ? 'notices.projectFilesFailed' : 'notices.projectSaved'),
      )
      await navigate(href('profile-my-projects', { locale }))
    } finally {
      sending.current = false
      setPending(false)
    }
  }
  return { pending, uploads, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) }
}
