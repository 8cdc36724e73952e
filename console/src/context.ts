/** The console's Hono environment: bindings, and what each request learns on its way (language, operator). */
import type { RequestIdVariables } from 'hono/request-id'
import type { Locale } from '../../contract/locales'
import type { Me } from '../../contract/operators/operators'

export type ConsoleEnv = {
  Bindings: Env
  Variables: RequestIdVariables & {
    /** The page's language, from its path (`/{lang}/…`). */
    lang: Locale
    /** The signed-in operator, as the gateway knows them (set by `requireOperator`). */
    operator: Me
  }
}
