/** `/guide/register-investor`: how investor registration works, and the form (resident or non-resident). */
import { RegistrationPage } from '../components/guide/registration-page'

export function Page() {
  return <RegistrationPage kind="investor" />
}
