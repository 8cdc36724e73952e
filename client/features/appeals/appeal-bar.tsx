/**
 * The appeal bar of the default layout: the way to send an appeal (hidden in the profile area, docs/product.md#routes).
 */
import { useT } from '../../runtime/i18n'
import { Icon } from '../../ui/icon'
import { AppealButton } from './appeal-button'

export function AppealBar() {
  const t = useT()
  return (
    <aside className="appeal-bar" aria-label={t('appeal.bar')}>
      <div className="container appeal-bar__inner">
        <span className="appeal-bar__icon" aria-hidden="true">
          <Icon name="message" />
        </span>
        <p className="appeal-bar__text">{t('appeal.prompt')}</p>
        <AppealButton label={t('appeal.action')} />
      </div>
    </aside>
  )
}
