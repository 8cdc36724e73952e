/** `/guide/register-business`: the business registration (GATEWAY.md "Forms"), then the success page. */
import { registerAction } from './register'

export const registerBusinessAction = registerAction('business')
