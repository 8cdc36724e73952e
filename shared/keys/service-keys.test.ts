import { describe, expect, it } from 'vitest'
import { parseQuery } from '../routing/match'
import { byOrder, parentIdOf, serviceGuideKeys } from './service-keys'
import { AUCTION_PAGE_SIZE, tradingKeys } from './trading-keys'

describe('serviceGuideKeys', () => {
  it('lists the stages, then the stage’s steps and the step when selected', () => {
    expect(serviceGuideKeys('5', {})).toEqual({
      processes: '/siw/public/service-process?service_id=5',
      steps: undefined,
      step: undefined,
    })
    expect(serviceGuideKeys('5', { process: '101', step: '1001' })).toEqual({
      processes: '/siw/public/service-process?service_id=5',
      steps: '/siw/public/service/step?process_id=101',
      step: '/siw/public/service/step/1001',
    })
  })
})

describe('tradingKeys', () => {
  it('pages the lot lists from 0 with a fixed size, so the plan and the page build one key', () => {
    expect(tradingKeys.auctionLots(undefined)).toBe(
      `/integration/public/integration/eauksion/lot?page=0&size=${AUCTION_PAGE_SIZE}`,
    )
    expect(tradingKeys.auctionLots(parseQuery('e-auction', { page: '002' })?.page)).toBe(tradingKeys.auctionLots(2))
  })
  it('never lets an id add a path segment', () =>
    expect(tradingKeys.auctionLot('1/../x')).toBe('/integration/public/integration/iskm/lot/1%2F..%2Fx'))
})

describe('parentIdOf', () => {
  it('reads a bare id, an object and nothing', () => {
    expect(parentIdOf(3)).toBe('3')
    expect(parentIdOf({ id: 4 })).toBe('4')
    expect(parentIdOf(null)).toBeNull()
    expect(parentIdOf({ id: null })).toBeNull()
  })
})

describe('byOrder', () => {
  it('sorts by order, then id, with missing orders last, without changing the input', () => {
    const items = [{ id: 3, order: 2 }, { id: 1 }, { id: 2, order: 2 }, { id: 4, order: 0 }]
    expect(byOrder(items).map((i) => i.id)).toEqual([4, 2, 3, 1])
    expect(items.map((i) => i.id)).toEqual([3, 1, 2, 4])
  })
})
