/** The appeal bar of the default layout: the way to send an appeal (hidden in the profile area, SPEC §2). */
import { href } from '../../shared/match'
import { useLocale, useT } from '../i18n'
import { Button } from './button'
import { Icon } from './icon'

export function AppealBar() {
  const t = useT()
  const locale = useLocale()
  return (
    <aside className="appeal-bar" aria-label={t('appeal.bar')}>
      <div className="container appeal-bar__inner">
        <span className="appeal-bar__icon" aria-hidden="true"><Icon name="message" /></span>
        <p className="appeal-bar__text">{t('appeal.prompt')}</p>
        <Button to={href('contact-us', { locale })} variant="outline" iconName="arrow-right" afterIcon label={t('appeal.action')} />
      </div>
    </aside>
  )
}
