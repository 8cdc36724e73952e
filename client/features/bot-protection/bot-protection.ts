/**
 * Bot protection (docs/product.md#session): a challenge token per action from Turnstile or reCAPTCHA v3, the script
 * loaded on demand.
 * The vendor code (`bot-challenge.ts`) loads only where a provider is configured.
 */
import { useEffect, useMemo } from 'react'
import type { PublicConfig } from '../../../shared/state/config'
import { useConfig } from '../../runtime/config'
import type { BotVendor } from './bot-challenge'

/** The action names the gateway verifies (docs/gateway-contract.md#auth). */
export const BOT_ACTIONS = Object.freeze({
  signIn: 'signin',
  sendNewPassword: 'sendnewpassword',
  resetPassword: 'resetpassword',
  changePassword: 'changepassword',
  contact: 'contact',
  register: 'register',
  appeal: 'appeal',
  event: 'event',
} as const)

export type BotAction = (typeof BOT_ACTIONS)[keyof typeof BOT_ACTIONS]

type BotConfig = Readonly<Pick<PublicConfig, 'botProvider' | 'botSiteKey'>>

/** Whether a provider and its site key are configured. */
function isEnabled(config: BotConfig): config is BotConfig & BotVendor {
  return !!config.botProvider && !!config.botSiteKey
}

const vendor = () => import('./bot-challenge')

/**
 * A fresh challenge token for `action`, or "" when no provider and site key are configured (the gateway then skips
 * verification). Rejects when the vendor cannot be reached, so the form can say so.
 */
async function getChallengeToken(action: BotAction, config: BotConfig): Promise<string> {
  if (!isEnabled(config) || typeof document === 'undefined') return ''
  return (await vendor()).getChallengeToken(action, config)
}

/** For pages with protected forms: configures the module and loads the vendor script after hydration. */
export function useBotProtection(): { enabled: boolean; getChallengeToken: (action: BotAction) => Promise<string> } {
  const config = useConfig()
  const bot = useMemo<BotConfig>(
    () => ({ botProvider: config.botProvider, botSiteKey: config.botSiteKey }),
    [config.botProvider, config.botSiteKey],
  )
  useEffect(() => {
    // A script that fails now is retried on submit, where the failure is shown.
    if (isEnabled(bot))
      void vendor()
        .then((m) => m.preloadBotProtection(bot))
        .catch(() => undefined)
  }, [bot])
  return useMemo(
    () => ({ enabled: isEnabled(bot), getChallengeToken: (action: BotAction) => getChallengeToken(action, bot) }),
    [bot],
  )
}
