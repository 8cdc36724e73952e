/** `/guide/register-investor`: the investor registration (docs/gateway-contract.md#forms), then the success page. */
import { registerAction } from './register'

export const registerInvestorAction = registerAction<'guide-register-investor'>('investor')
