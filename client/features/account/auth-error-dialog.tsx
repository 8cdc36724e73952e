/**
 * The auth-error dialog ("user not found or not activated"): open on the server's answer, closable without JavaScript.
 */
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import { useT } from '../../runtime/i18n'

type Props = {
  message: string
  /** Rendered instead of the close button (e.g. a link home on `/sso`). */
  action?: ReactNode
  onClose?: () => void
}

/**
 * A `<dialog>` rendered open, so it shows before hydration; `<form method="dialog">` closes it natively. Once hydrated
 * it
 * is re-opened as a modal so focus stays inside until it is closed.
 */
export function AuthErrorDialog({ message, action, onClose }: Props) {
  const t = useT()
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // Before the browser paints it: a dialog shown in the browser is modal from its first frame, so Escape closes it.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog || typeof dialog.showModal !== 'function') return
    // Re-opened as a modal; removing `open` (unlike close()) queues no `close` event that would dismiss it.
    dialog.removeAttribute('open')
    dialog.showModal()
    const close = () => onCloseRef.current?.()
    dialog.addEventListener('close', close)
    return () => dialog.removeEventListener('close', close)
  }, [])
  return (
    <dialog
      ref={ref}
      open
      className="dialog auth-error-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <h2 className="dialog__title" id={`${id}-title`}>
        {t('auth.dialog.title')}
      </h2>
      <p id={`${id}-text`}>{message}</p>
      <div className="dialog__actions">
        {action ?? (
          <form method="dialog">
            <button type="submit" className="btn btn--solid btn--md btn--primary" autoFocus>
              {t('auth.dialog.close')}
            </button>
          </form>
        )}
      </div>
    </dialog>
  )
}
