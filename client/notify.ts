/** The one toast path (SPEC §8, §9): gateway failures and page notices; call only from effects and handlers. */
import { toast } from 'sonner'
import type { Notice } from '../shared/gateway-client'
import type { Translate } from '../shared/i18n'

export type ToastKind = 'default' | 'success' | 'info' | 'warning' | 'error' | 'loading'

export function showToast(kind: ToastKind, message: string): string | number {
  return kind === 'default' ? toast(message) : toast[kind](message)
}

/** Turns the gateway client's notices into error toasts: a translated key, or the raw description. */
export function createNotifier(t: Translate) {
  return (notice: Notice) => {
    showToast('error', notice.translate ? t(notice.key) : notice.text)
  }
}
