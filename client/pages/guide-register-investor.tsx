/** `/guide/register-investor`: how investor registration works, and the form (resident or non-resident). */
import { guideRegisterInvestorPlan } from '../../shared/plans/guide'
import { RegistrationPage } from '../components/guide/registration-page'
import { useRouteData } from '../router'

export function Page() {
  const { keys } = useRouteData(guideRegisterInvestorPlan)
  return <RegistrationPage kind="investor" keys={keys} />
}
