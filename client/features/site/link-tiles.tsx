/** Entry points as tiles: icon, title (the one link) and a sentence; the whole tile is the hit area. */
import { Link } from '../../runtime/router'
import { Icon } from '../../ui/icon'

export type LinkTile = { to: string; title: string; text: string; icon: string }

export function LinkTiles({ items, headingLevel = 3 }: { items: readonly LinkTile[]; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <ul className="link-tiles">
      {items.map((item) => (
        <li key={item.to} className="link-tile">
          <span className="link-tile__icon" aria-hidden="true">
            <Icon name={item.icon} />
          </span>
          <Heading className="link-tile__title">
            <Link to={item.to} className="link-tile__link">
              {item.title}
            </Link>
          </Heading>
          <p className="link-tile__text">{item.text}</p>
        </li>
      ))}
    </ul>
  )
}
