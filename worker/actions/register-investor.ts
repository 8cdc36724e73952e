/** `/guide/register-investor`: the investor registration (GATEWAY.md "Forms"), then the success page. */
import { registerAction } from './register'

export const registerInvestorAction = registerAction('investor')
