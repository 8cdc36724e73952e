/** `/guide/register-business`: how business registration works, and the form (resident or non-resident). */
import { guideRegisterBusinessPlan } from '../../shared/plans/guide'
import { preloadRegistrationPage, RegistrationPage } from '../components/guide/registration-page'
import { useRouteData } from '../router'

export const preload = preloadRegistrationPage

export function Page() {
  const { keys } = useRouteData(guideRegisterBusinessPlan)
  return <RegistrationPage kind="business" keys={keys} />
}
