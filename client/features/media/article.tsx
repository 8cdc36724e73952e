/** A post's or a story's article: kicker, title, lead, date and author, photo, body and a side column. */
import type { ReactNode } from 'react'
import { useFormat } from '../../lib/format'
import { HtmlContent } from '../../ui/html-content'
import { Icon } from '../../ui/icon'

export type ArticleProps = {
  kicker: string | null
  title: string
  lead?: string | null
  date: string
  author?: string
  photo?: string
  html: string | null | undefined
  /** The side column under the body (files, share links). */
  aside: ReactNode
}

export function Article({ kicker, title, lead, date, author, photo, html, aside }: ArticleProps) {
  const f = useFormat()
  return (
    <article className="article" aria-labelledby="article-title">
      <header className="article__header">
        {kicker ? <p className="article__kicker">{kicker}</p> : null}
        <h1 id="article-title" className="article__title">
          {title}
        </h1>
        {lead ? <p className="lead article__lead">{lead}</p> : null}
        <p className="article__meta">
          <span>
            <Icon name="calendar" /> <time dateTime={date}>{f.date(date)}</time>
          </span>
          {author ? (
            <span>
              <Icon name="user" /> {author}
            </span>
          ) : null}
        </p>
      </header>
      {photo ? (
        <figure className="article__photo">
          <img src={photo} alt="" width={1200} height={675} decoding="async" fetchPriority="high" />
        </figure>
      ) : null}
      <div className="article__body">
        <HtmlContent html={html} />
        <div className="article__aside">{aside}</div>
      </div>
    </article>
  )
}
