/**
 * Integrations of docs/gateway-contract.md: e-auction lots (eauksion/iskm) and UzEx exchange lots, times relative to
 * the seed.
 */
import { Hono } from 'hono'
import { ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import { artFile, type ContentEnv, langOf, notFound } from './common'
import { listLotImages, listLots, listUzexLots, listUzexProducts, type Row, readLot, readUzexLot } from './queries'

/** E-auction and UzEx lot routes, mounted at `/integration/public/integration`. */
export const tradingRoutes = new Hono<ContentEnv>()

/** Drops the per-language columns a `SELECT *` brought along. */
function plain(r: Row): Row {
  return Object.fromEntries(Object.entries(r).filter(([k]) => !/_(uz|ru|en)$/.test(k)))
}

function artUrl(c: Parameters<typeof artFile>[0], name: unknown) {
  return artFile(c, name)?.download_link ?? null
}

tradingRoutes.get('/eauksion/lot', async (c) => {
  const p = readPaging(c.req.query())
  const { total, rows: results } = await listLots(c.env.DB, langOf(c), p, new Date())
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
    pageable(p, total),
  )
})

tradingRoutes.get('/iskm/lot/:lot_number', async (c) => {
  const lotNumber = c.req.param('lot_number')
  if (!/^\d{1,20}$/.test(lotNumber)) notFound()
  const row = await readLot(c.env.DB, langOf(c), lotNumber)
  if (!row) notFound()
  const r = plain(row)
  const images = await listLotImages(c.env.DB, r.order_id)
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

tradingRoutes.get('/uzex-lots', async (c) => {
  const lang = langOf(c)
  const p = readPaging(c.req.query())
  const { total, rows: results } = await listUzexLots(c.env.DB, lang, p, new Date())
  const products = await listUzexProducts(
    c.env.DB,
    lang,
    results.map((r) => r.lot_id),
  )
  return ok(
    c,
    results.map((r) => ({ ...r, products: products.get(r.lot_id) ?? [] })),
    pageable(p, total),
  )
})

tradingRoutes.get('/uzex-lots/:id', async (c) => {
  const id = c.req.param('id')
  if (!/^\d{1,12}$/.test(id)) notFound()
  const lang = langOf(c)
  const row = await readUzexLot(c.env.DB, lang, Number(id))
  if (!row) notFound()
  const products = await listUzexProducts(c.env.DB, lang, [row.lot_id])
  return ok(c, { ...row, products: products.get(row.lot_id) ?? [] })
})
