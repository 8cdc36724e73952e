/**
 * A page's subscription to one realtime channel (docs/decisions/0018-realtime-hub.md). Only pages with a live part import
 * it, and each of them opens its channel as it mounts, so the socket code comes in the same chunk. The status tells the
 * page whether to keep polling: anything but `live`.
 */
import { useEffect, useRef, useState } from 'react'
import type { RealtimeMessage } from '../../../shared/realtime/realtime'
import { type ChannelStatus, openChannel } from './connection'

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
    return openChannel(channel, {
      onMessage: (m) => messageRef.current(m),
      onStatus: (next, resumed) => {
        setStatus(next)
        if (resumed) resumeRef.current?.()
      },
    })
  }, [channel])
  return status
}
