/**
 * The regions map as an Astro island, hydrated when it comes into view (the portal hydrates it the same way,
 * `HydrateWhenVisible` in client/pages/home.tsx): the portal's map with its data, which the island's props carry.
 */
import { RegionMap } from '../../../../../../client/features/site/region-map'
import type { Territory } from '../../../../../../contract/gateway/site'
import type { Key } from '../../../../../../shared/keys/api-keys'
import type { Messages } from '../../../../../../shared/i18n/i18n'
import type { PayloadEntry } from '../../../../../../shared/state/state'
import { HOME_KEYS, PortalProviders, payloadStore } from '../../../common/portal'

const key = HOME_KEYS.territories as Key<Territory[]>

export function Map({ messages, origin, entry }: { messages: Messages; origin: string; entry: PayloadEntry }) {
  return (
    <PortalProviders
      messages={messages}
      store={payloadStore({ [key]: entry }, typeof document === 'undefined')}
      origin={origin}
    >
      <RegionMap dataKey={key} />
    </PortalProviders>
  )
}
