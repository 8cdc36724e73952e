/**
 * The site header as an Astro island (its own React root, hydrated when the browser is idle): the portal's header
 * (client/shell/site-header.tsx) with the contexts its components read. Each island is a module of its own, so the
 * browser loads an island's code only with the island.
 */
import { SiteHeader } from '../../../../../../client/shell/site-header'
import type { Messages } from '../../../../../../shared/i18n/i18n'
import { PortalProviders, payloadStore } from '../../../common/portal'

export function Header({ messages, origin }: { messages: Messages; origin: string }) {
  return (
    <PortalProviders messages={messages} store={payloadStore({}, typeof document === 'undefined')} origin={origin}>
      <SiteHeader fixed={false} />
    </PortalProviders>
  )
}
