/** `/guide/register-business`: the business registration (docs/gateway-contract.md#forms), then the success page. */
import { registerAction } from './register'

export const registerBusinessAction = registerAction<'guide-register-business'>('business')
