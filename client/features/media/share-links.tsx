/**
 * Share links: plain links to each network's share page (no third-party script), with the page's absolute address
 * from the portal's origin, so the edge draws them and they work without JavaScript.
 */
import { useOrigin } from '../../runtime/config'
import { useT } from '../../runtime/i18n'
import { useRouter } from '../../runtime/router'
import { Icon } from '../../ui/icon'

export function ShareLinks({ title }: { title: string }) {
  const t = useT()
  const { route } = useRouter()
  const url = useOrigin() + route.path
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
      <p className="share__title" id="share-title">
        {t('media.share.title')}
      </p>
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
