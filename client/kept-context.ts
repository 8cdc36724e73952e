/** Whether a render is inside a kept section (`kept.tsx`); its own module so the data layer can read it. */
import { createContext, useContext } from 'react'

export const KeptContext = createContext(false)

/** Whether the caller renders inside a kept section (the edge then writes no payload scripts for its data). */
export function useInKept(): boolean {
  return useContext(KeptContext)
}
