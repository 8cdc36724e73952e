/**
 * Share links: plain links to each network's share page (no third-party script). They need the page's absolute
 * address, which the browser knows, so they appear once the page runs in it.
 */
import { useSyncExternalStore } from 'react'
import { useT } from '../../i18n'
import { Icon } from '../icon'

const subscribe = () => () => {}
const readHref = () => window.location.origin + window.location.pathname
const readNothing = () => ''

export function ShareLinks({ title }: { title: string }) {
  const t = useT()
  const url = useSyncExternalStore(subscribe, readHref, readNothing)
  if (!url) return null
  const u = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  const links = [
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ]
  return (
    <div className="share">
      <p className="share__title" id="share-title">{t('media.share.title')}</p>
      <ul className="share__list" aria-labelledby="share-title">
        {links.map((link) => (
          <li key={link.name}>
            <a href={link.href} className="share__link" target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="visually-hidden"> ({t('media.share.newWindow')})</span>
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${text}&body=${u}`} className="share__link">
            <Icon name="mail" />
            {t('media.share.email')}
          </a>
        </li>
      </ul>
    </div>
  )
}
