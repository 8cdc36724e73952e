/** `/privacy-policy`: the policy text from the gateway, with the related policies beside it and the map's provider. */
import { privacyPolicyPlan } from '../../../shared/plans/site'
import { ContentPageView } from '../../features/site/content-page'
import { MapProviderNotice } from '../../features/site/map-provider-notice'
import { PolicyLinks } from '../../features/site/site-aside'
import { useRouteData } from '../../runtime/router'

export function Page() {
  const { keys } = useRouteData(privacyPolicyPlan)
  return (
    <ContentPageView dataKey={keys.page} aside={<PolicyLinks current="privacy-policy" />}>
      <MapProviderNotice />
    </ContentPageView>
  )
}
