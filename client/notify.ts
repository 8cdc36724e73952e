/** The one toast path for gateway failures (SPEC §8): translated key or raw text, browser only. */
import { toast } from 'sonner'
import type { Notice } from '../shared/gateway-client'
import type { Translate } from '../shared/i18n'

export function createNotifier(t: Translate) {
  return (notice: Notice) => {
    toast.error(notice.translate ? t(notice.key) : notice.text)
  }
}
