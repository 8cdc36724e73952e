/**
 * Whether a deadline is still ahead: true until `end`, then false — flipped live by the countdown's `onEnd`. A deadline
 * moved later (live) opens again.
 */
import { useCallback, useState } from 'react'
import { type DateInput, toDate } from '../../lib/format'

export function useOpenUntil(end: DateInput | null | undefined): { open: boolean; close: () => void } {
  const endMs = toDate(end)?.getTime() ?? 0
  const [closedAt, setClosedAt] = useState<number | null>(null)
  const close = useCallback(() => setClosedAt(endMs), [endMs])
  return { open: closedAt !== endMs && endMs > Date.now(), close }
}
