/** What a signed-in user's header loads after hydration, as one chunk: the bell and the user's realtime channel. */
import { use } from 'react'
import { loadAllMessages } from '../../runtime/i18n'
import { NotificationBell } from './notification-bell'
import { PersonalRealtime } from './personal-realtime'

/**
 * The bell's texts: the edge drew only its placeholder, so the document carries none of them. Drawn before the whole
 * catalogue is there, the bell would ask for keys the document lacks, and the catalogue's arrival would then render
 * the whole page again (`client/runtime/i18n.tsx`), a long task after the page has loaded
 * (docs/performance.md#bell-texts). The load starts as this chunk arrives, beside the whole sheets the bell waits for
 * too (`lazyComponent`); a failed load draws the bell with what the document has. (On the edge, which draws the
 * placeholder, there is nothing to load.)
 */
const textsReady = loadAllMessages().catch(() => undefined)

export function AccountLive() {
  use(textsReady)
  return (
    <>
      <NotificationBell />
      <PersonalRealtime />
    </>
  )
}
