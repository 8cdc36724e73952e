/**
 * The privacy page's word on the projects map's tile provider (docs/security.md#content-security-policy): a reader who
 * opens the map sends their address to the provider, so a third party configured in `MAP_TILES` is named here, with
 * its host. Nothing when the tiles are the portal's own.
 */
import { useConfig } from '../../runtime/config'
import { useT } from '../../runtime/i18n'

export function MapProviderNotice() {
  const t = useT()
  const provider = useConfig().map?.provider
  const tiles = useConfig().map?.tiles
  if (!provider || !tiles) return null
  const host = new URL(tiles.replace(/[{}]/g, '')).host
  return (
    <section className="container" aria-labelledby="map-provider-title">
      <h2 id="map-provider-title">{t('site.mapProvider.title')}</h2>
      <p>{t('site.mapProvider.text', { provider, host })}</p>
    </section>
  )
}
