/**
 * The form a page was sent back with (a no-JavaScript post that needs correcting), and the one-time notice of an action,
 * both read once after hydration. Submitting a page's form: `use-page-form.ts`, which loads with the pages.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react'
import type { FormState } from '../shared/state'
import { useT } from './i18n'
import { showToast } from './notify'

const InitialFormContext = createContext<FormState | null>(null)

export function InitialFormProvider({ value, children }: { value: FormState | null; children: ReactNode }) {
  return <InitialFormContext.Provider value={value}>{children}</InitialFormContext.Provider>
}

/** The state of the page's form as the edge sent it back, or null. */
export function useInitialForm(): FormState | null {
  return useContext(InitialFormContext)
}

/** Shows the one-time notice of a no-JS action as a toast after hydration. */
export function useNoticeToast(notice: string | null) {
  const t = useT()
  useEffect(() => {
    if (!notice) return
    showToast('success', t(notice))
  }, [notice, t])
}
