/** `/guide/register-investor`: the investor registration (docs/gateway-contract.md#forms), then the success page. */
import { registerAction } from './lib/register'

export const action = registerAction<'guide-register-investor'>('investor')
