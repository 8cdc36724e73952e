/**
 * The projects map itself (docs/decisions/0058-project-map.md), a chunk of its own with MapLibre, its sheet and the
 * `pmtiles` reader, which only the map view loads, once its page has hydrated. The ground is the configured tiles
 * (`MAP_TILES`: the gateway's PMTiles archive read by ranges, or a provider's); the projects are a clustered GeoJSON
 * source drawn as HTML markers: a project's is a link to its page, a cluster's a button that zooms in. Markers stay
 * out of the tab order: the list beside the map is the keyboard's way (docs/product.md#all-projects).
 */
import 'maplibre-gl/dist/maplibre-gl.css'
import '../../styles/project-map.css'
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl'
import {
  AttributionControl,
  addProtocol,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { Protocol } from 'pmtiles'
import type { ProjectPlace } from '../../../contract/gateway/guide'
import type { MapTiles } from '../../../shared/state/config'

export type MapLabels = Readonly<{
  /** The canvas's accessible name. */
  canvas: string
  zoomIn: string
  zoomOut: string
  attribution: string
  /** A cluster's name, `{n}` standing for its count. */
  cluster: string
}>

type DrawOptions = Readonly<{
  places: readonly ProjectPlace[]
  tiles: MapTiles
  labels: MapLabels
  hrefOf: (place: ProjectPlace) => string
}>

/** Uzbekistan, west, south, east, north: the view when no project is marked. */
const COUNTRY: [number, number, number, number] = [55.9, 37.1, 73.2, 45.6]
const SOURCE = 'projects'

let protocolAdded = false

/** The style: a plain ground colour under the configured tiles, and the projects' source (drawn as markers). */
function styleOf(places: readonly ProjectPlace[], tiles: MapTiles, hrefOf: DrawOptions['hrefOf']): StyleSpecification {
  const ground = tiles.archive
    ? { type: 'raster' as const, url: `pmtiles://${new URL(tiles.tiles, location.href).href}`, tileSize: 256 }
    : { type: 'raster' as const, tiles: [tiles.tiles], tileSize: 256, maxzoom: 18 }
  return {
    version: 8,
    sources: {
      ground: { ...ground, attribution: tiles.provider ?? undefined },
      [SOURCE]: {
        type: 'geojson',
        cluster: true,
        clusterRadius: 48,
        clusterMaxZoom: 12,
        data: {
          type: 'FeatureCollection',
          features: places.map((p) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
            properties: { id: String(p.id), title: p.title, href: hrefOf(p) },
          })),
        },
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } },
      { id: 'ground', type: 'raster', source: 'ground' },
      // Invisible: a layer must use the source for its clusters to be computed; the markers draw them.
      { id: SOURCE, type: 'circle', source: SOURCE, paint: { 'circle-radius': 1, 'circle-opacity': 0 } },
    ],
  }
}

function pointElement(title: string, href: string): HTMLElement {
  const a = document.createElement('a')
  a.className = 'project-map__marker'
  a.href = href
  a.title = title
  a.setAttribute('aria-label', title)
  a.tabIndex = -1
  return a
}

function clusterElement(count: number, label: string, zoomIn: () => void): HTMLElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'project-map__cluster'
  button.textContent = String(count)
  button.setAttribute('aria-label', label.replace('{n}', String(count)))
  button.tabIndex = -1
  button.style.setProperty('--size', `${Math.round(28 + Math.min(24, Math.sqrt(count) * 4))}px`)
  button.addEventListener('click', zoomIn)
  return button
}

/**
 * Draws the map in `container`; resolves once the style has loaded, with the map's `remove`. Rejects when the map
 * cannot start (no WebGL), so the view says so and leaves the list.
 */
export function drawProjectMap(container: HTMLElement, options: DrawOptions): Promise<{ remove: () => void }> {
  const { places, tiles, labels, hrefOf } = options
  // The worker is a hashed module of the build, same-origin: the CSP's worker-src 'self' allows it, no blob: needed.
  setWorkerUrl(workerUrl)
  if (tiles.archive && !protocolAdded) {
    addProtocol('pmtiles', new Protocol().tile)
    protocolAdded = true
  }
  const bounds = new LngLatBounds(COUNTRY.slice(0, 2) as [number, number], COUNTRY.slice(2) as [number, number])
  for (const p of places) bounds.extend([p.longitude, p.latitude])
  return new Promise((resolve, reject) => {
    let map: MapLibre
    try {
      map = new MapLibre({
        container,
        style: styleOf(places, tiles, hrefOf),
        bounds,
        fitBoundsOptions: { padding: 24 },
        maxZoom: 16,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        locale: {
          'Map.Title': labels.canvas,
          'NavigationControl.ZoomIn': labels.zoomIn,
          'NavigationControl.ZoomOut': labels.zoomOut,
          'AttributionControl.ToggleAttribution': labels.attribution,
        },
      })
    } catch (error) {
      reject(error)
      return
    }
    map.touchZoomRotate.disableRotation()
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    map.addControl(new AttributionControl({ compact: true }), 'bottom-right')
    // A tile that fails (the archive not there yet, a provider's outage) leaves the ground plain, not an error page:
    // the markers and the list stand without it.
    map.on('error', () => {})

    let shown = new Map<string, Marker>()
    const source = () => map.getSource<GeoJSONSource>(SOURCE)
    const update = () => {
      if (!map.isSourceLoaded(SOURCE)) return
      const next = new Map<string, Marker>()
      for (const feature of map.querySourceFeatures(SOURCE)) {
        const props = feature.properties as Record<string, string | number | boolean>
        const cluster = props.cluster === true
        const key = cluster ? `c${props.cluster_id}` : `p${props.id}`
        if (next.has(key) || feature.geometry.type !== 'Point') continue
        let marker = shown.get(key)
        if (!marker) {
          const at = feature.geometry.coordinates as [number, number]
          const element = cluster
            ? clusterElement(Number(props.point_count), labels.cluster, () => {
                source()
                  ?.getClusterExpansionZoom(Number(props.cluster_id))
                  .then((zoom) => map.easeTo({ center: at, zoom }))
                  .catch(() => map.easeTo({ center: at, zoom: map.getZoom() + 2 }))
              })
            : pointElement(String(props.title), String(props.href))
          marker = new Marker({ element }).setLngLat(at).addTo(map)
        }
        next.set(key, marker)
      }
      for (const [key, marker] of shown) if (!next.has(key)) marker.remove()
      shown = next
    }
    map.on('render', update)
    map.once('load', () => {
      update()
      resolve({ remove: () => map.remove() })
    })
  })
}
