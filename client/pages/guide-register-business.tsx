/** `/guide/register-business`: how business registration works, and the form (resident or non-resident). */
import { RegistrationPage } from '../components/guide/registration-page'

export function Page() {
  return <RegistrationPage kind="business" />
}
