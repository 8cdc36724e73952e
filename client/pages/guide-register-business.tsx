/** `/guide/register-business`: how business registration works, and the form (resident or non-resident). */
import { guideRegisterBusinessPlan } from '../../shared/plans/guide'
import { preloadRegistrationPage, RegistrationPage } from '../features/guide/registration-page'
import { useRouteData } from '../runtime/router'

export const preload = preloadRegistrationPage

export function Page() {
  const { keys } = useRouteData(guideRegisterBusinessPlan)
  return <RegistrationPage kind="business" keys={keys} />
}
