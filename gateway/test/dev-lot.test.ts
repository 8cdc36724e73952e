/** The dev seam for e-auction lots: `POST /dev/lot` changes a lot's price, status and end of applications. */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { call } from './helpers'

const LOT = '17240584'

describe('POST /dev/lot', () => {
  beforeAll(async () => {
    await seedAll(env)
  })

  it('is not found outside dev mode', async () => {
    const res = await call('/dev/lot', { body: { lot_number: LOT, price: 1 }, env: { DEV_MODE: '0' } })
    expect([res.status, res.body.result.code]).toEqual([404, 'not_found'])
  })

  it('changes the price (and so the deposit), the status in every language and the end of applications, as the lot shows them', async () => {
    const res = await call('/dev/lot', {
      body: { lot_number: LOT, price: 3_000_000_000, status: 'Auction postponed', end_time: '2031-05-06T07:08:00Z' },
    })
    expect(res.status).toBe(200)
    expect(res.body.content).toEqual({
      type: 'lot',
      lot: LOT,
      price: 3_000_000_000,
      deposit: expect.any(Number),
      status: { uz: 'Auction postponed', ru: 'Auction postponed', en: 'Auction postponed' },
      order_end_time: '2031-05-06T07:08:00.000Z',
    })
    for (const lang of ['en', 'ru', 'uz']) {
      const lot = (await call(`/integration/public/integration/iskm/lot/${LOT}`, { lang })).body.content
      expect(lot).toMatchObject({
        price: 3_000_000_000,
        zaklad_summa: res.body.content.deposit,
        lot_status: 'Auction postponed',
        order_end_time: '2031-05-06T07:08:00.000Z',
      })
    }
  })

  it('keeps what it is not asked to change, and takes a status per language', async () => {
    const before = (await call(`/integration/public/integration/iskm/lot/${LOT}`)).body.content
    const status = { uz: 'Kim oshdi savdosi oʻtkazildi', ru: 'Торги проведены', en: 'Auction held' }
    expect((await call('/dev/lot', { body: { lot_number: LOT, status } })).status).toBe(200)
    const ru = (await call(`/integration/public/integration/iskm/lot/${LOT}`, { lang: 'ru' })).body.content
    expect(ru).toMatchObject({
      price: before.price,
      order_end_time: before.order_end_time,
      lot_status: 'Торги проведены',
    })
  })

  it('answers 404 for a lot that does not exist and 422 when there is nothing (valid) to change', async () => {
    expect((await call('/dev/lot', { body: { lot_number: '1', price: 5 } })).status).toBe(404)
    expect((await call('/dev/lot', { body: { lot_number: LOT } })).status).toBe(422)
    expect((await call('/dev/lot', { body: { lot_number: LOT, price: -1 } })).status).toBe(422)
    expect((await call('/dev/lot', { body: { lot_number: LOT, end_time: 'tomorrow' } })).status).toBe(422)
  })
})
