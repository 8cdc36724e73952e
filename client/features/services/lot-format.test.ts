import { describe, expect, it } from 'vitest'
import { auctionStart, formatPhone } from './lot-detail-format'
import { depositOf, eAuctionLotUrl, osmLink } from './lot-format'

describe('depositOf', () => {
  it('takes the gateway amount when there is one', () => expect(depositOf(1000, 150, 10)).toBe(150))
  it('computes the percent of the start price otherwise', () =>
    expect(depositOf(8_640_000_000, null, 10)).toBe(864_000_000))
  it('gives null without amount or percent', () => expect(depositOf(1000, undefined, null)).toBeNull())
})

describe('osmLink', () => {
  it('centres OpenStreetMap on the point with a marker', () =>
    expect(osmLink(41.1921, '69.1468')).toBe(
      'https://www.openstreetmap.org/?mlat=41.1921&mlon=69.1468#map=16/41.1921/69.1468',
    ))
  it('rejects missing, non-numeric and out-of-range coordinates', () => {
    expect(osmLink(null, 69)).toBeNull()
    expect(osmLink('', 69)).toBeNull()
    expect(osmLink('41;alert(1)', 69)).toBeNull()
    expect(osmLink(91, 69)).toBeNull()
  })
})

describe('formatPhone', () => {
  it('groups an Uzbek number', () => expect(formatPhone('998712345601')).toBe('+998 71 234 56 01'))
  it('leaves other numbers as given', () => expect(formatPhone('+49 30 1234')).toBe('+49 30 1234'))
})

describe('auctionStart', () => {
  it('reads the date and time as UTC (docs/gateway-contract.md)', () =>
    expect(auctionStart('2026-11-24', '01:11')?.toISOString()).toBe('2026-11-24T01:11:00.000Z'))
  it('takes midnight without a time and null for a malformed date', () => {
    expect(auctionStart('2026-11-24', null)?.toISOString()).toBe('2026-11-24T00:00:00.000Z')
    expect(auctionStart('24.11.2026', '01:11')).toBeNull()
  })
})

describe('eAuctionLotUrl', () => {
  it('encodes the lot number into the platform link', () =>
    expect(eAuctionLotUrl('17240447')).toBe('https://e-auksion.uz/lot-view?lot_id=17240447'))
})
