/** What a no-JavaScript form post left for the page (its form state, a notice): the app provides it to every page. */
import { createContext, type ReactNode, useEffect } from 'react'
import type { FormState } from '../../shared/state/state'
import { useT } from './i18n'
import { showToast } from './notify'

export const InitialFormContext = createContext<FormState | null>(null)

export function InitialFormProvider({ value, children }: { value: FormState | null; children: ReactNode }) {
  return <InitialFormContext.Provider value={value}>{children}</InitialFormContext.Provider>
}

/** Shows the one-time notice of a no-JS action as a toast after hydration. */
export function useNoticeToast(notice: string | null) {
  const t = useT()
  useEffect(() => {
    if (!notice) return
    showToast('success', () => t(notice))
  }, [notice, t])
}
