/**
 * The appeal bar's action: signed-in users go to the form in their profile; visitors open the two-step dialog, whose
 * code loads on the first click. Before hydration it is a link to the contact page.
 */
import { Suspense, useState, type MouseEvent } from 'react'
import { href } from '../../shared/match'
import { useLocale } from '../i18n'
import { useSession } from '../session'
import { Button } from './button'
import { Icon } from './icon'
import { lazyComponent } from '../lazy-component'

const AppealDialog = lazyComponent(() => import('./appeal-dialog').then((m) => m.AppealDialog))

export function AppealButton({ label }: { label: string }) {
  const locale = useLocale()
  const session = useSession()
  const [open, setOpen] = useState(false)
  if (session.loggedIn) {
    return <Button to={href('profile-appeals', { locale, query: { new: '1' } })} variant="outline" iconName="arrow-right" afterIcon label={label} />
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setOpen(true)
  }
  return (
    <>
      <a href={href('contact-us', { locale })} className="btn btn--outline btn--md btn--primary" aria-haspopup="dialog" onClick={onClick}>
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
