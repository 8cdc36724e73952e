/** The media hub's sub-navigation: the five media types, events and stories, the current one marked. */
import { href } from '../../../shared/routing/match'
import { MEDIA_TYPES } from '../../../shared/routing/routes'
import { useLocale, useT } from '../../runtime/i18n'
import { Link } from '../../runtime/router'

export type MediaSection = (typeof MEDIA_TYPES)[number] | 'event' | 'story'

export function MediaNav({ current }: { current?: MediaSection }) {
  const t = useT()
  const locale = useLocale()
  const links = [
    ...MEDIA_TYPES.map((id) => ({
      id: id as MediaSection,
      to: href('media', { locale, params: { id } }),
      label: t(`media.types.${id}`),
    })),
    { id: 'event' as const, to: href('event-list', { locale }), label: t('routes.events') },
    { id: 'story' as const, to: href('story-list', { locale }), label: t('routes.stories') },
  ]
  return (
    <nav className="media-nav" aria-label={t('media.nav')}>
      <ul className="media-nav__list">
        {links.map((link) => (
          <li key={link.id}>
            <Link to={link.to} className="media-nav__link" aria-current={link.id === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
