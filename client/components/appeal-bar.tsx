/** The appeal bar of the default layout: the way to send an appeal (hidden in the profile area, SPEC §2). */
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Button } from './button'

export function AppealBar() {
  const t = useT()
  const locale = useLocale()
  return (
    <aside className="appeal-bar" aria-label={t('appeal.bar')}>
      <div className="container appeal-bar__inner">
        <p>{t('appeal.prompt')}</p>
        <Button to={href('contact-us', { locale })} variant="outline" size="sm" iconName="message" label={t('appeal.action')} />
      </div>
    </aside>
  )
}
