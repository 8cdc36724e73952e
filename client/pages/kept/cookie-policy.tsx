/** `/cookie-policy`: the policy text from the gateway, with the related policies beside it. */
import { siteKeys } from '../../../shared/site-keys'
import { ContentPageView } from '../../components/site/content-page'
import { PolicyLinks } from '../../components/site/site-aside'

export function Page() {
  return <ContentPageView dataKey={siteKeys.page('cookie-policy')} aside={<PolicyLinks current="cookie-policy" />} />
}
