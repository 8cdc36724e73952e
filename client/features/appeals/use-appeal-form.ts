/** The appeal pages' forms: several on one page, each told apart by its `intent`. */
import { useRef } from 'react'
import { useSWRConfig } from 'swr'
import type { FormState } from '../../../shared/state/state'
import { type PageFormOptions, usePageForm } from '../../runtime/forms'
import { useT } from '../../runtime/i18n'
import { showToast } from '../../runtime/notify'

const EMPTY_FORM: FormState = { values: {}, errors: {}, code: null }

/** The state of one of several forms on a page: a no-JS answer belongs to the form whose `intent` it carries. */
export function forIntent(state: FormState, intent: string): FormState {
  return state.values.intent === intent ? state : EMPTY_FORM
}

/** Page forms whose success toasts the action's notice and refreshes the given keys. */
export const accountForms = () => import('../../../shared/forms/account-forms')

export function useAppealForm(options: PageFormOptions, keys: readonly string[]) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const ref = useRef<HTMLFormElement>(null)
  const form = usePageForm({
    ...options,
    onResult: (res) => {
      if (!res.redirect) return
      const notice = res.notice
      if (notice) showToast('success', () => t(notice))
      ref.current?.reset()
      form.setState(EMPTY_FORM)
      for (const key of keys) void mutate(key)
    },
  })
  return { ...form, ref }
}
