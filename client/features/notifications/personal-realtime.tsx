/**
 * The signed-in user's realtime channel (docs/decisions/0018-realtime-hub.md), mounted with the bell: a notification
 * refetches
 * the bell, an appeal or project change the profile page's live keys (`useLiveRefresh`), and each is announced
 * politely.
 * While the channel is live the bell and the profile pages stop polling; when it drops they poll again, and on its
 * return everything is refetched.
 */
import { useCallback, useEffect } from 'react'
import { useSWRConfig } from 'swr'
import { unstable_serialize } from 'swr/infinite'
import { accountKeys } from '../../../shared/keys/account-keys'
import { PERSONAL_CHANNEL, type RealtimeMessage } from '../../../shared/realtime/realtime'
import { useT } from '../../runtime/i18n'
import { LiveRegion, useLiveAnnouncer } from '../../runtime/realtime/live-announcer'
import { announcePersonalChange, setPersonalLive } from '../../runtime/realtime/personal-status'
import { useChannel } from '../../runtime/realtime/use-channel'
import { NOTIFICATION_PAGE_SIZE } from './notification-bell'

/** The bell's list in SWR's cache (its infinite key). */
const BELL_KEY = unstable_serialize((index: number) => accountKeys.notifications(index, NOTIFICATION_PAGE_SIZE))

export function PersonalRealtime() {
  const t = useT()
  const { mutate } = useSWRConfig()
  const [message, announce] = useLiveAnnouncer()

  const refreshAll = useCallback(() => {
    void mutate(BELL_KEY)
    announcePersonalChange()
  }, [mutate])

  const onMessage = useCallback(
    ({ event }: RealtimeMessage) => {
      if (event.type === 'notification') {
        void mutate(BELL_KEY)
        announce(() => t('realtime.notification'))
      } else if (event.type === 'appeal') {
        announcePersonalChange()
        // What the user did themselves (in another tab) refreshes quietly.
        if (event.by !== 'user')
          announce(() => t('realtime.appeal', { id: event.id, status: t(`appeals.status.${event.status}`) }))
      } else if (event.type === 'project') {
        announcePersonalChange()
        announce(() => t('realtime.project', { state: t(`projects.state.${event.state}`) }))
      }
    },
    [announce, mutate, t],
  )

  const status = useChannel(PERSONAL_CHANNEL, onMessage, refreshAll)
  useEffect(() => {
    setPersonalLive(status === 'live')
    return () => setPersonalLive(false)
  }, [status])

  return <LiveRegion message={message} state={status} />
}
