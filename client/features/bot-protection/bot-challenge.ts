/**
 * Bot protection's vendor side (docs/product.md#session): loads Turnstile's or reCAPTCHA's script and runs a challenge.
 * Loaded only
 * where a provider is configured, by `bot-protection.ts`.
 */

/**
 * A configured provider with its site key: what the vendor side is given, once `bot-protection.ts` has found one (it
 * loads this module only then).
 */
export type BotVendor = Readonly<{ botProvider: 'turnstile' | 'recaptcha'; botSiteKey: string }>

/** Vendor script URLs; the CSP of `worker/app.ts` allows their origins only when a provider is configured. */
export const BOT_SCRIPT_URLS = Object.freeze({
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=',
})

/** A challenge that never answers must not hang a form for ever. */
const CHALLENGE_TIMEOUT_MS = 30_000

type TurnstileApi = {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | undefined
  execute: (widget: string | HTMLElement) => void
  remove: (widget: string) => void
  ready?: (callback: () => void) => void
}

type RecaptchaApi = {
  ready: (callback: () => void) => void
  execute: (siteKey: string, options: { action: string }) => Promise<string>
}

type VendorWindow = Window & { turnstile?: TurnstileApi; grecaptcha?: RecaptchaApi }

const scripts = new Map<string, Promise<void>>()

function scriptUrl(config: BotVendor): string {
  return config.botProvider === 'turnstile'
    ? BOT_SCRIPT_URLS.turnstile
    : BOT_SCRIPT_URLS.recaptcha + encodeURIComponent(config.botSiteKey)
}

/** Inserts the vendor script once; a failed load may be retried by the next call. */
function loadScript(src: string, isReady: () => boolean): Promise<void> {
  const known = scripts.get(src)
  if (known) return known
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => {
      // Some vendor scripts define their API a moment after `load`.
      const started = Date.now()
      const poll = () => {
        if (isReady()) resolve()
        else if (Date.now() - started > CHALLENGE_TIMEOUT_MS) reject(new Error('bot protection API missing'))
        else setTimeout(poll, 20)
      }
      poll()
    }
    script.onerror = () => {
      scripts.delete(src)
      script.remove()
      reject(new Error('bot protection script failed to load'))
    }
    document.head.appendChild(script)
  })
  scripts.set(src, promise)
  return promise
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bot protection timed out')), CHALLENGE_TIMEOUT_MS)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (err: unknown) => {
        clearTimeout(timer)
        reject(err instanceof Error ? err : new Error(String(err)))
      },
    )
  })
}

/** Starts loading the vendor script so the first submit does not wait for it. */
export function preloadBotProtection(config: BotVendor): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve()
  const w = window as VendorWindow
  const ready = config.botProvider === 'turnstile' ? () => !!w.turnstile : () => !!w.grecaptcha
  return loadScript(scriptUrl(config), ready)
}

async function runTurnstile(siteKey: string, action: string): Promise<string> {
  const api = (window as VendorWindow).turnstile!
  // The widget only shows itself when the visitor must interact (`interaction-only`).
  const container = document.createElement('div')
  container.className = 'bot-challenge'
  document.body.appendChild(container)
  let widget: string | undefined
  try {
    return await new Promise<string>((resolve, reject) => {
      widget = api.render(container, {
        sitekey: siteKey,
        action,
        appearance: 'interaction-only',
        execution: 'render',
        callback: (token: string) => resolve(token),
        'error-callback': () => reject(new Error('turnstile error')),
        'expired-callback': () => reject(new Error('turnstile token expired')),
        'timeout-callback': () => reject(new Error('turnstile timed out')),
      })
    })
  } finally {
    if (widget) api.remove(widget)
    container.remove()
  }
}

function runRecaptcha(siteKey: string, action: string): Promise<string> {
  const api = (window as VendorWindow).grecaptcha!
  return new Promise<string>((resolve, reject) => {
    api.ready(() => {
      api.execute(siteKey, { action }).then(resolve, reject)
    })
  })
}

/** A fresh challenge token for `action` (one of `BOT_ACTIONS`). Rejects when the vendor cannot be reached. */
export async function getChallengeToken(action: string, config: BotVendor): Promise<string> {
  if (typeof document === 'undefined') return ''
  await withTimeout(preloadBotProtection(config))
  const token = await withTimeout(
    config.botProvider === 'turnstile'
      ? runTurnstile(config.botSiteKey, action)
      : runRecaptcha(config.botSiteKey, action),
  )
  return typeof token === 'string' ? token : ''
}
