/** Whether a deadline is still ahead: true until `end`, then false — flipped live by the countdown's `onEnd`. */
import { useCallback, useState } from 'react'
import { toDate, type DateInput } from '../format'

export function useOpenUntil(end: DateInput | null | undefined): { open: boolean; close: () => void } {
  const endMs = toDate(end)?.getTime() ?? 0
  const [closed, setClosed] = useState(false)
  const close = useCallback(() => setClosed(true), [])
  return { open: !closed && endMs > Date.now(), close }
}
