/**
 * Integrations of docs/gateway-contract.md: e-auction lots (eauksion/iskm) and UzEx exchange lots, times relative to
 * the seed.
 */
import { Hono } from 'hono'
import type { Locale } from '../../../../contract/locales'
import { ok } from '../../lib/envelope'
import { col } from '../../lib/lang'
import { pageable, readPaging } from '../../lib/paging'
import { artFile, type ContentEnv, langOf, notFound, type Row } from './common'

/** E-auction and UzEx lot routes. */
export const integrationRoutes = new Hono<ContentEnv>()

const BASE = '/integration/public/integration'

function lotSelect(lang: Locale) {
  return `SELECT l.*, ${col('l.property_name', lang, 'property_name')}, ${col('l.property_group', lang, 'property_group')},
    ${col('l.property_category', lang, 'property_category')}, ${col('l.address', lang, 'address')}, ${col('l.lot_status', lang, 'lot_status')},
    ${col('r.region', lang, 'region')} FROM eauction_lots l JOIN regions r ON r.id = l.region_id`
}

/** Drops the per-language columns a `SELECT *` brought along. */
function plain(r: Row): Row {
  return Object.fromEntries(Object.entries(r).filter(([k]) => !/_(uz|ru|en)$/.test(k)))
}

function artUrl(c: Parameters<typeof artFile>[0], name: unknown) {
  return artFile(c, name)?.download_link ?? null
}

integrationRoutes.get(`${BASE}/eauksion/lot`, async (c) => {
  const p = readPaging(c.req.query())
  const total = await c.env.DB.prepare('SELECT count(*) AS n FROM eauction_lots').first<number>('n')
  const { results } = await c.env.DB.prepare(
    `${lotSelect(langOf(c))} ORDER BY (l.order_end_time < ?) ASC, l.order_end_time ASC LIMIT ? OFFSET ?`,
  )
    .bind(new Date().toISOString(), p.size, p.offset)
    .all<Row>()
  return ok(
    c,
    results.map((row) => {
      const r = plain(row)
      return {
        order_id: r.order_id,
        lot_number: r.lot_number,
        property_name: r.property_name,
        property_group: r.property_group,
        property_category: r.property_category,
        region: r.region,
        area: r.area,
        address: r.address,
        image_link: artUrl(c, r.image),
        external_link: `https://e-auksion.uz/lot-view?lot_id=${r.lot_number}`,
        start_price: r.start_price,
        zakalad_percent: r.zakalad_percent,
        zakalad_amount: Math.round((Number(r.start_price) * Number(r.zakalad_percent)) / 100),
        auction_start_time: r.auction_start_time,
        order_end_time: r.order_end_time,
        is_tern_payment: r.is_tern_payment === 1,
        term_month: r.term_month,
        updated_at: r.updated_at,
      }
    }),
    pageable(p, total ?? 0),
  )
})

integrationRoutes.get(`${BASE}/iskm/lot/:lot_number`, async (c) => {
  const lotNumber = c.req.param('lot_number')
  if (!/^\d{1,20}$/.test(lotNumber)) notFound()
  const row = await c.env.DB.prepare(`${lotSelect(langOf(c))} WHERE l.lot_number = ?`)
    .bind(lotNumber)
    .first<Row>()
  if (!row) notFound()
  const r = plain(row)
  const { results: images } = await c.env.DB.prepare(
    'SELECT name FROM eauction_lot_images WHERE order_id = ? ORDER BY position',
  )
    .bind(r.order_id)
    .all<Row>()
  const start = new Date(String(r.auction_start_time))
  const ended = new Date(String(r.order_end_time)).getTime() < Date.now()
  return ok(c, {
    lot: r.lot_number,
    property: r.property_name,
    property_group: r.property_group,
    property_category: r.property_category,
    main_image: artUrl(c, r.image),
    images: images.map((i) => ({ image: artUrl(c, i.name) })),
    price: r.start_price,
    zaklad_summa: Math.round((Number(r.start_price) * Number(r.zakalad_percent)) / 100),
    zaklad_percent: r.zakalad_percent,
    auction_date: start.toISOString().slice(0, 10),
    auction_time: start.toISOString().slice(11, 16),
    order_end_time: r.order_end_time,
    over_time: ended,
    lot_status: r.lot_status,
    view_count: r.view_count,
    address: r.address,
    region: r.region,
    area: r.area,
    lat: r.lat,
    lng: r.lng,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    customer_email: r.customer_email,
    is_tern_payment: r.is_tern_payment === 1,
    term_month: r.term_month,
    updated_at: r.updated_at,
    external_link: `https://e-auksion.uz/lot-view?lot_id=${r.lot_number}`,
  })
})

async function uzexProducts(db: D1Database, lang: Locale, ids: unknown[]) {
  if (!ids.length) return new Map<unknown, Row[]>()
  const { results } = await db
    .prepare(
      `SELECT lot_id, position AS "order", number, price_unit, ${col('name', lang)}, ${col('info', lang)} FROM uzex_products WHERE lot_id IN (${ids.map(() => '?').join(',')}) ORDER BY position`,
    )
    .bind(...ids)
    .all<Row>()
  const out = new Map<unknown, Row[]>()
  for (const { lot_id, ...p } of results) out.set(lot_id, [...(out.get(lot_id) ?? []), p])
  return out
}

function uzexSelect(lang: Locale) {
  return `SELECT lot_id, lot_number, customer, start_cost, currency_name, start_date, end_date, ${col('proposal_name', lang)}, ${col('customer_region', lang)}, ${col('trade_type', lang)} FROM uzex_lots`
}

integrationRoutes.get(`${BASE}/uzex-lots`, async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const total = await c.env.DB.prepare('SELECT count(*) AS n FROM uzex_lots').first<number>('n')
  const { results } = await c.env.DB.prepare(
    `${uzexSelect(lang)} ORDER BY (end_date < ?) ASC, end_date ASC LIMIT ? OFFSET ?`,
  )
    .bind(new Date().toISOString(), p.size, p.offset)
    .all<Row>()
  const products = await uzexProducts(
    c.env.DB,
    lang,
    results.map((r) => r.lot_id),
  )
  return ok(
    c,
    results.map((r) => ({ ...r, products: products.get(r.lot_id) ?? [] })),
    pageable(p, total ?? 0),
  )
})

integrationRoutes.get(`${BASE}/uzex-lots/:id`, async (c) => {
  const id = c.req.param('id')
  if (!/^\d{1,12}$/.test(id)) notFound()
  const lang = langOf(c)
  const row = await c.env.DB.prepare(`${uzexSelect(lang)} WHERE lot_id = ?`)
    .bind(Number(id))
    .first<Row>()
  if (!row) notFound()
  const products = await uzexProducts(c.env.DB, lang, [row.lot_id])
  return ok(c, { ...row, products: products.get(row.lot_id) ?? [] })
})
