/** `/guide/register-investor`: how investor registration works, and the form (resident or non-resident). */
import { guideRegisterInvestorPlan } from '../../shared/plans/guide'
import { preloadRegistrationPage, RegistrationPage } from '../features/guide/registration-page'
import { useRouteData } from '../runtime/router'

export const preload = preloadRegistrationPage

export function Page() {
  const { keys } = useRouteData(guideRegisterInvestorPlan)
  return <RegistrationPage kind="investor" keys={keys} />
}
