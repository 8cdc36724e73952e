/** Downloadable files of a post or an event: name, type and size, each a real download link. */
import type { LinkedFile } from '../../../contract/gateway/common'
import { useLocale, useT } from '../../runtime/i18n'
import { Icon } from '../../ui/icon'
import { formatFileSize } from './file-size'
import { fileKind, fileName } from './media-utils'

export function FileList({
  files,
  title,
  headingLevel = 2,
}: {
  files: readonly LinkedFile[]
  title: string
  headingLevel?: 2 | 3
}) {
  const t = useT()
  const locale = useLocale()
  if (!files.length) return null
  const Heading = `h${headingLevel}` as const
  return (
    <section className="file-list" aria-labelledby="file-list-title">
      <Heading id="file-list-title" className="file-list__title">
        {title}
      </Heading>
      <ul className="file-list__items">
        {files.map((file, i) => {
          const name = fileName(file, t('media.file', { n: i + 1 }))
          const details = [fileKind(file), formatFileSize(locale, file.size)].filter(Boolean).join(', ')
          return (
            <li key={file.download_link + i}>
              <a href={file.download_link} className="file-list__link" download>
                <Icon name="file" />
                <span className="file-list__name">{name}</span>
                {details ? <span className="file-list__meta">{details}</span> : null}
                <Icon name="download" className="file-list__download" />
              </a>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
