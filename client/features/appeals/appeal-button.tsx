/**
 * The appeal bar's action: signed-in users go to the form in their profile; visitors open the two-step dialog, whose
 * code loads on the first click. Before hydration it is a link to the contact page.
 */
import { type MouseEvent, Suspense, useState } from 'react'
import { href } from '../../../shared/routing/match'
import { useLocale } from '../../runtime/i18n'
import { lazyComponent } from '../../runtime/lazy-component'
import { Link } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Icon } from '../../ui/icon'

const AppealDialog = lazyComponent(() => import('./appeal-dialog').then((m) => m.AppealDialog))

export function AppealButton({ label }: { label: string }) {
  const locale = useLocale()
  const session = useSession()
  const [open, setOpen] = useState(false)
  // The outline button's look (docs/product.md#buttons), as a link: to the form, or opening the dialog.
  const look = 'btn btn--outline btn--md btn--primary'
  if (session.loggedIn) {
    return (
      <Link to={href('profile-appeals', { locale, query: { new: '1' } })} className={look}>
        {label}
        <Icon name="arrow-right" />
      </Link>
    )
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setOpen(true)
  }
  return (
    <>
      <a href={href('contact-us', { locale })} className={look} aria-haspopup="dialog" onClick={onClick}>
        {label}
        <Icon name="arrow-right" />
      </a>
      {open ? (
        <Suspense fallback={null}>
          <AppealDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
