/**
 * The one toast path (docs/product.md#toasts): gateway failures and page notices; call only from effects and handlers.
 */
import type { Notice } from '../../shared/gateway/gateway-client'
import { type Translate, translateCode } from '../../shared/i18n/i18n'
import { loadAllMessages } from './i18n'

export type ToastKind = 'default' | 'success' | 'info' | 'warning' | 'error' | 'loading'

let resolveReady: () => void = () => undefined
/** Resolves when the toast region is mounted, so an early toast (e.g. a notice at load) is not lost. */
const toasterReady = new Promise<void>((resolve) => {
  resolveReady = resolve
})

export function markToasterReady() {
  resolveReady()
}

let wanted = false
let loadToaster: (() => void) | null = null

/** The toaster registers how to load its region; it runs at once if a toast was asked for before it mounted. */
export function onToasterWanted(load: () => void): () => void {
  loadToaster = load
  if (wanted) load()
  return () => {
    if (loadToaster === load) loadToaster = null
  }
}

function wantToaster() {
  if (wanted) return
  wanted = true
  loadToaster?.()
}

/**
 * Shows a toast once the region is there, loading sonner and the region with the first toast, not with the page. A
 * toast with the `id` of
 * one still on screen replaces it instead of stacking a copy.
 */
export async function showToast(
  kind: ToastKind,
  message: string | (() => string),
  id?: string,
): Promise<string | number> {
  wantToaster()
  await toasterReady
  const { toast } = await import('sonner')
  // A text written as the toast shows (`() => t(…)`) waits for the whole catalogue: a handler's texts need not be among
  // those the document carried (docs/decisions/0022-first-view-css.md).
  if (typeof message === 'function') message = await loadAllMessages().then(message, message)
  const options = id === undefined ? undefined : { id }
  return kind === 'default' ? toast(message, options) : toast[kind](message, options)
}

/**
 * Turns the gateway client's notices into error toasts: a translated key, or the raw description. Requests failing
 * together for one reason (a session that ended under a page's polls) show one toast, not one each. A document carries
 * only the notices a lost connection needs (`worker/render/messages.ts`): the others are read once the whole catalogue
 * has loaded, or failed to (then as what the document has).
 */
export function createNotifier(t: Translate) {
  return (notice: Notice) => {
    void loadAllMessages()
      .catch(() => undefined)
      .then(() => {
        const message = noticeText(t, notice)
        return showToast('error', message, `gateway:${message}`)
      })
  }
}

/** A notice's text: the translation of its key (a code without one reads as the generic message), or its raw text. */
export function noticeText(t: Translate, notice: Notice): string {
  if (!notice.translate) return notice.text
  const code = /^messages\.error\.(.+)$/.exec(notice.key)?.[1]
  if (code !== undefined) return translateCode(t, code)
  return t(notice.key)
}
