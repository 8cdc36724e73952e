/**
 * The 14 regions on a schematic map, shaded by a chosen figure. Each region is a link (`?region=` keeps the choice
 * in the address and works without JavaScript); with JavaScript a click selects it in place. The selected region's
 * figures show in a panel beside the map, and a table gives every figure for every region.
 */
import { type MouseEvent, useState } from 'react'
import type { Territory } from '../../../contract/gateway/site'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { type Formatters, useFormat } from '../../lib/format'
import { usePayload } from '../../runtime/data'
import { useLocale, useT } from '../../runtime/i18n'
import { useRoute } from '../../runtime/router'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { HtmlContent } from '../../ui/html-content'
import { MAP_HEIGHT, MAP_WIDTH, REGION_SHAPES, SMALL_REGIONS } from './region-shapes'

const MAP_METRICS = ['population', 'investment_projects', 'fdi_credits', 'foreign_trade', 'tourists', 'area'] as const
export type MapMetric = (typeof MAP_METRICS)[number]
/** The metrics offered for shading; the table and panel show all of them. */
const SHADE_METRICS: readonly MapMetric[] = ['population', 'investment_projects', 'fdi_credits', 'foreign_trade']

/** Five steps of azure, light to deep; labels switch to white from step 3 (contrast ≥ 4.5:1 both ways). */
const SHADES = ['#eef7fb', '#a9d7ea', '#4fb0d8', '#0072a3', '#0b2e45'] as const
const DARK_FROM = 3
/** The legend's scale: the shades side by side as hard stops of one gradient. */
const SCALE = `linear-gradient(90deg, ${SHADES.map((shade, i) => `${shade} ${(i * 100) / SHADES.length}% ${((i + 1) * 100) / SHADES.length}%`).join(', ')})`

/** The shade step of a value between the smallest and the largest (square-root scale: a few regions dwarf the rest). */
function shadeStep(value: number, min: number, max: number): number {
  if (!(max > min)) return 2
  const share = Math.sqrt(Math.max(0, value - min)) / Math.sqrt(max - min)
  return Math.min(SHADES.length - 1, Math.floor(share * SHADES.length))
}

/** A figure as the page shows it: money in USD (the gateway gives millions), the rest as numbers. */
function formatFigure(f: Formatters, metric: MapMetric, value: number): string {
  if (metric === 'fdi_credits' || metric === 'foreign_trade')
    return f.money(value * 1_000_000, 'USD', { compact: true })
  return f.number(value)
}

const isMetric = (value: string | undefined): value is MapMetric =>
  (MAP_METRICS as readonly string[]).includes(value ?? '')

/** Tashkent city first when there is no choice in the address: most investors start there. */
const DEFAULT_REGION = '1726'

/** The region's code as the shapes and the address carry it (the contract allows a number). */
const codeOf = (item: Territory) => String(item.region.code)

export function RegionMap({ dataKey }: { dataKey: Key<Territory[]> }) {
  const t = useT()
  const f = useFormat()
  const locale = useLocale()
  const route = useRoute('home')
  const { data, error } = usePayload(dataKey)
  const territories = data?.content ?? []
  const byCode = new Map(territories.map((item) => [codeOf(item), item]))
  const pick = (code: string | undefined) =>
    code && byCode.has(code)
      ? code
      : byCode.has(DEFAULT_REGION)
        ? DEFAULT_REGION
        : territories[0] && codeOf(territories[0])
  const [selected, setSelected] = useState(() => pick(route.query.region))
  const [metric, setMetric] = useState<MapMetric>(() =>
    isMetric(route.query.metric) && SHADE_METRICS.includes(route.query.metric) ? route.query.metric : 'population',
  )
  // The regions' table is drawn only when asked for: 14 rows of figures are a sixth of the home page's elements.
  const [table, setTable] = useState(() => Boolean(route.query.table))

  if (error && !territories.length) return <ErrorState error={error} headingLevel={3} />
  if (!territories.length) return <EmptyState headingLevel={3} title={t('home.map.empty')} />

  const current = byCode.get(pick(selected) ?? '')!
  const values = territories.map((item) => Number(item[metric]) || 0)
  const min = Math.min(...values)
  const max = Math.max(...values)
  type View = { region?: string; metric?: MapMetric; table?: boolean }
  const linkTo = (next: View) => {
    const shown = next.metric ?? metric
    const query = {
      region: next.region ?? codeOf(current),
      metric: shown === 'population' ? undefined : shown,
      table: (next.table ?? table) ? '1' : undefined,
    }
    return `${href('home', { locale, query })}${next.table ? '#regions-table' : '#regions'}`
  }
  // With JavaScript the choice changes in place; the address follows so the view can be shared or reloaded.
  const choose = (event: MouseEvent<Element>, next: View) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (next.region) setSelected(next.region)
    if (next.metric) setMetric(next.metric)
    if (next.table !== undefined) setTable(next.table)
    history.replaceState(history.state, '', linkTo(next))
  }

  return (
    <div className="region-explorer">
      <div className="region-explorer__metrics" role="group" aria-labelledby="map-metric-label">
        <span id="map-metric-label" className="region-explorer__metrics-label">
          {t('home.map.shadeBy')}
        </span>
        <ul className="chip-list">
          {SHADE_METRICS.map((m) => (
            <li key={m}>
              <a
                href={linkTo({ metric: m })}
                className="chip"
                aria-current={m === metric ? 'true' : undefined}
                onClick={(e) => choose(e, { metric: m })}
              >
                {t(`home.map.metrics.${m}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="region-explorer__body">
        <figure className="region-map">
          <svg
            viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
            className="region-map__svg"
            role="group"
            aria-label={t('home.map.label')}
          >
            {REGION_SHAPES.map((shape) => {
              const item = byCode.get(shape.code)
              if (!item) return null
              const step = shadeStep(Number(item[metric]) || 0, min, max)
              const isSelected = item.region.code === current.region.code
              const name = item.region.region
              const label = `${name}: ${t(`home.map.metrics.${metric}`)} ${formatFigure(f, metric, Number(item[metric]) || 0)}`
              return (
                <a
                  key={shape.code}
                  href={linkTo({ region: shape.code })}
                  className={`region-map__region${isSelected ? ' is-selected' : ''}`}
                  aria-label={label}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={(e) => choose(e, { region: shape.code })}
                >
                  {shape.kind === 'path' ? (
                    <path d={shape.d} fill={SHADES[step]} className="region-map__shape" />
                  ) : (
                    <circle
                      cx={shape.cx}
                      cy={shape.cy}
                      r={shape.r}
                      fill={SHADES[Math.max(step, DARK_FROM)]}
                      className="region-map__shape region-map__shape--city"
                    />
                  )}
                </a>
              )
            })}
            <SelectedOutline code={codeOf(current)} />
            <g aria-hidden="true" className="region-map__labels">
              {REGION_SHAPES.map((shape) => {
                const item = byCode.get(shape.code)
                if (!item) return null
                const step = shape.kind === 'circle' ? 0 : shadeStep(Number(item[metric]) || 0, min, max)
                const short = t(`home.map.short.${shape.code}`)
                const classes = [
                  'region-map__label',
                  SMALL_REGIONS.has(shape.code) && 'region-map__label--small',
                  step >= DARK_FROM && 'region-map__label--inverse',
                ]
                  .filter(Boolean)
                  .join(' ')
                return (
                  <text
                    key={shape.code}
                    x={shape.label[0]}
                    y={shape.label[1]}
                    textAnchor={shape.kind === 'circle' ? 'end' : 'middle'}
                    className={classes}
                  >
                    {short.startsWith('home.') ? '' : short}
                  </text>
                )
              })}
            </g>
          </svg>
          <figcaption className="region-map__legend">
            <span>{t(`home.map.metrics.${metric}`)}</span>
            <span className="region-map__scale" aria-hidden="true" style={{ background: SCALE }} />
            <span className="region-map__range">
              {formatFigure(f, metric, min)} – {formatFigure(f, metric, max)}
            </span>
          </figcaption>
        </figure>
        <RegionPanel territory={current} />
      </div>
      <div className="region-table" id="regions-table">
        <a
          href={linkTo({ table: !table })}
          className="region-table__toggle"
          aria-expanded={table}
          onClick={(e) => choose(e, { table: !table })}
        >
          {t(table ? 'home.map.hideTable' : 'home.map.table')}
        </a>
        {table ? <RegionTable territories={territories} /> : null}
      </div>
    </div>
  )
}

/** The selected region's outline drawn again on top, so no neighbour's border covers it. */
function SelectedOutline({ code }: { code: string }) {
  const shape = REGION_SHAPES.find((s) => s.code === code)
  if (!shape) return null
  return shape.kind === 'path' ? (
    <path d={shape.d} className="region-map__highlight" aria-hidden="true" />
  ) : (
    <circle cx={shape.cx} cy={shape.cy} r={shape.r} className="region-map__highlight" aria-hidden="true" />
  )
}

function RegionPanel({ territory }: { territory: Territory }) {
  const t = useT()
  const f = useFormat()
  return (
    <section className="region-panel" id="region-panel" aria-live="polite" aria-labelledby="region-panel-title">
      <p className="region-panel__kicker">{t('home.map.selected')}</p>
      <h3 className="region-panel__title" id="region-panel-title">
        {territory.region.region}
      </h3>
      <dl className="region-panel__figures">
        {MAP_METRICS.map((m) => (
          <div key={m} className="region-panel__figure">
            <dt>{t(`home.map.metrics.${m}`)}</dt>
            <dd>
              {formatFigure(f, m, Number(territory[m]) || 0)}
              {m === 'area' && <span className="region-panel__unit"> {t('home.map.units.km2')}</span>}
              {m === 'tourists' && <span className="region-panel__unit"> {t('home.map.units.perYear')}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {territory.presentation && <HtmlContent html={territory.presentation} className="region-panel__text" />}
    </section>
  )
}

function RegionTable({ territories }: { territories: readonly Territory[] }) {
  const t = useT()
  const f = useFormat()
  const total = (m: MapMetric) => territories.reduce((sum, item) => sum + (Number(item[m]) || 0), 0)
  return (
    <div className="table-scroll" role="region" aria-label={t('home.map.table')} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{t('home.map.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('home.map.region')}</th>
            {MAP_METRICS.map((m) => (
              <th key={m} scope="col" className="num">
                {t(`home.map.metrics.${m}`)}
                {m === 'area' && ` (${t('home.map.units.km2')})`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {territories.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.region.region}</th>
              {MAP_METRICS.map((m) => (
                <td key={m} className="num">
                  {formatFigure(f, m, Number(item[m]) || 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('home.map.total')}</th>
            {MAP_METRICS.map((m) => (
              <td key={m} className="num">
                {formatFigure(f, m, total(m))}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
