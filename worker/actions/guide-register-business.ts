/** `/guide/register-business`: the business registration (docs/gateway-contract.md#forms), then the success page. */
import { registerAction } from './lib/register'

export const action = registerAction<'guide-register-business'>('business')
