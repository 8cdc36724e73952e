/** The appeal bar as an Astro island: its button opens the portal's appeal dialog (client/features/appeals/). */
import { AppealBar } from '../../../../../../client/features/appeals/appeal-bar'
import type { Messages } from '../../../../../../shared/i18n/i18n'
import { PortalProviders, payloadStore } from '../../../common/portal'

export function Appeal({ messages, origin }: { messages: Messages; origin: string }) {
  return (
    <PortalProviders messages={messages} store={payloadStore({}, typeof document === 'undefined')} origin={origin}>
      <AppealBar />
    </PortalProviders>
  )
}
