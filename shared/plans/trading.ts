/** Data plans of the trading services: the e-auction list, a lot, and the UzEx list. */
import { definePlan } from '../keys/api-keys'
import { tradingKeys } from '../keys/trading-keys'

export const uzExPlan = definePlan('uz-ex', ({ query }) => ({ keys: { lots: tradingKeys.uzexLots(query.page) } }))
export const eAuctionPlan = definePlan('e-auction', ({ query }) => ({
  keys: { lots: tradingKeys.auctionLots(query.page) },
}))
export const eAuctionLotPlan = definePlan('e-auction-lot', ({ params }) => ({
  keys: { lot: tradingKeys.auctionLot(params.id) },
}))
