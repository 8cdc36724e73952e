/** The one toast path (SPEC §8, §9): gateway failures and page notices; call only from effects and handlers. */
import type { Notice } from '../shared/gateway-client'
import type { Translate } from '../shared/i18n'

export type ToastKind = 'default' | 'success' | 'info' | 'warning' | 'error' | 'loading'

let resolveReady: () => void = () => undefined
/** Resolves when the toast region is mounted, so an early toast (e.g. a notice at load) is not lost. */
const toasterReady = new Promise<void>((resolve) => {
  resolveReady = resolve
})

export function markToasterReady() {
  resolveReady()
}

/** Shows a toast once the region is there; sonner loads with the region, not with the page. */
export async function showToast(kind: ToastKind, message: string): Promise<string | number> {
  await toasterReady
  const { toast } = await import('sonner')
  return kind === 'default' ? toast(message) : toast[kind](message)
}

/** Turns the gateway client's notices into error toasts: a translated key, or the raw description. */
export function createNotifier(t: Translate) {
  return (notice: Notice) => {
    void showToast('error', notice.translate ? t(notice.key) : notice.text)
  }
}
