/**
 * A page's subscription to one realtime channel (docs/decisions/0018-realtime-hub.md). Only pages with a live part import
 * it, and each of them opens its channel as it mounts: the socket code loads then, in a chunk of its own, so it is not
 * part of the page's first view (the page draws from its payload and polls until the socket is live). The status tells
 * the page whether to keep polling: anything but `live`.
 */
import { useEffect, useRef, useState } from 'react'
import type { RealtimeMessage } from '../../../shared/realtime/realtime'
import type { ChannelStatus } from './connection'

export type { ChannelStatus }

/** Subscribes while mounted (`null`: nothing); `onResume` runs when the socket reopens after missing events. */
export function useChannel(
  channel: string | null,
  onMessage: (message: RealtimeMessage) => void,
  onResume?: () => void,
): ChannelStatus {
  const [status, setStatus] = useState<ChannelStatus>('connecting')
  const messageRef = useRef(onMessage)
  const resumeRef = useRef(onResume)
  messageRef.current = onMessage
  resumeRef.current = onResume
  useEffect(() => {
    if (!channel || typeof WebSocket === 'undefined') {
      setStatus('offline')
      return
    }
    let close: (() => void) | undefined
    let unmounted = false
    void import('./connection').then(
      ({ openChannel }) => {
        if (unmounted) return
        close = openChannel(channel, {
          onMessage: (m) => messageRef.current(m),
          onStatus: (next, resumed) => {
            setStatus(next)
            if (resumed) resumeRef.current?.()
          },
        })
      },
      () => {
        // The chunk did not arrive (offline, a new deployment): the page keeps polling, as with no socket.
        if (!unmounted) setStatus('offline')
      },
    )
    return () => {
      unmounted = true
      close?.()
    }
  }, [channel])
  return status
}
