/**
 * The map of the map view (docs/decisions/0058-project-map.md): a box the edge draws empty and the browser fills once
 * the page has hydrated, loading the map's chunk (`project-map-canvas.ts`: MapLibre, its sheet, `pmtiles`) only then,
 * so no other page and no first byte carries it. Its texts are translated while rendering, so the document carries
 * them; a map that cannot start (no WebGL) says so in the page's language, and the list beside it has every project.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ProjectPlace } from '../../../contract/gateway/guide'
import { href } from '../../../shared/routing/match'
import { useConfig } from '../../runtime/config'
import { useContentLinks } from '../../runtime/content-links'
import { useLocale, useT } from '../../runtime/i18n'

type Status = 'waiting' | 'loading' | 'ready' | 'failed'

/** The map's chunk; never the edge's (a build-time constant), whose bundle then carries none of MapLibre. */
const loadCanvas = import.meta.env.SSR ? null : () => import('./project-map-canvas')

export function ProjectMap({ places }: { places: readonly ProjectPlace[] }) {
  const t = useT()
  const locale = useLocale()
  const tiles = useConfig().map
  const box = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<Status>('waiting')
  // A marker is a plain link: the router takes it as it takes a static section's (docs/decisions/0021-static-sections.md).
  const onClick = useContentLinks()
  const labels = useMemo(
    () => ({
      canvas: t('allProjects.map.canvas'),
      zoomIn: t('allProjects.map.zoomIn'),
      zoomOut: t('allProjects.map.zoomOut'),
      attribution: t('allProjects.map.attribution'),
      cluster: t('allProjects.map.cluster', { count: '{n}' }),
    }),
    [t],
  )
  const messages = { loading: t('allProjects.map.loading'), failed: t('allProjects.map.failed') }

  useEffect(() => {
    const container = box.current
    if (!container || !tiles || !loadCanvas) return
    let gone = false
    let drawn: { remove: () => void } | null = null
    setStatus('loading')
    loadCanvas()
      .then(({ drawProjectMap }) =>
        drawProjectMap(container, {
          places,
          tiles,
          labels,
          hrefOf: (p) => href('project', { locale, params: { id: String(p.id) } }),
        }),
      )
      .then((map) => {
        if (gone) return map.remove()
        drawn = map
        setStatus('ready')
      })
      .catch(() => {
        if (!gone) setStatus('failed')
      })
    return () => {
      gone = true
      drawn?.remove()
    }
  }, [places, tiles, labels, locale])

  return (
    <div className="project-map" data-status={status}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the markers inside are links; this only lets the router take their clicks. */}
      <div ref={box} className="project-map__canvas" onClick={onClick} />
      <p className="project-map__status" role="status">
        {status === 'loading' ? messages.loading : status === 'failed' ? messages.failed : ''}
      </p>
      <noscript>
        <p className="project-map__status">{t('allProjects.map.noScript')}</p>
      </noscript>
    </div>
  )
}
