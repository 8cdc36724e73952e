/** `/gallery/{id}`: a photo album; the thumbnails open a lightbox with captions and keyboard navigation. */

import { galleryPlan } from '../../shared/plans/media'
import { href } from '../../shared/routing/match'
import { useFormat } from '../lib/format'
import { usePayload } from '../runtime/data'
import { useLocale, useT } from '../runtime/i18n'
import { useRouteData } from '../runtime/router'
import { Breadcrumbs } from '../ui/breadcrumbs'
import { LightboxOpener } from '../ui/lightbox'
import { LightboxGrid, type LightboxImage } from '../ui/lightbox-grid'
import { PageTitle } from '../ui/page-title'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { keys } = useRouteData(galleryPlan)
  const { data } = usePayload(keys.gallery)
  const gallery = data?.content
  if (!gallery) return null
  const files = gallery.files ?? []
  const images: LightboxImage[] = files.map((file, i) => {
    const caption = file.caption || file.title || undefined
    return {
      src: file.download_link,
      thumb: file.thumbnail_link || undefined,
      alt: caption ?? t('media.gallery.photoAlt', { title: gallery.title, n: i + 1 }),
      caption,
      width: 1200,
      height: 900,
    }
  })
  return (
    <main id="main" className="page page--flush media-page">
      <PageTitle title={gallery.title} description={gallery.content || undefined} />
      <header className="media-head">
        <div className="container media-head__inner">
          <Breadcrumbs
            items={[
              { label: t('media.types.gallery'), to: href('media', { locale, params: { id: 'gallery' } }) },
              { label: gallery.title },
            ]}
          />
          <p className="page-header__kicker">{t('media.types.gallery')}</p>
          <h1 className="media-head__title">{gallery.title}</h1>
          {gallery.content ? <p className="lead">{gallery.content}</p> : null}
          <p className="media-head__meta">
            <time dateTime={gallery.publish_date}>{f.date(gallery.publish_date)}</time>
            <span>{t('media.photos', { count: images.length })}</span>
          </p>
        </div>
      </header>
      <div className="container media-page__body">
        {images.length ? (
          <>
            <p className="muted gallery-hint">{t('media.gallery.hint')}</p>
            <LightboxOpener images={images} label={gallery.title}>
              <LightboxGrid images={images} label={gallery.title} captions />
            </LightboxOpener>
          </>
        ) : (
          <p className="muted">{t('media.gallery.empty')}</p>
        )}
      </div>
    </main>
  )
}
