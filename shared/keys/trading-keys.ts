/**
 * Gateway keys of the trading services (e-auction and UzEx lots): their own module, so the trading pages load these
 * and not the whole services area's keys (`service-keys.ts`).
 */

import type { AuctionLot, AuctionLotDetail, UzexLot } from '../../contract/gateway/services'
import { apiKey, type Key, seg } from './api-keys'

const INTEGRATION = '/integration/public/integration'

/** Lots per page on the e-auction list (a 3-column grid). */
export const AUCTION_PAGE_SIZE = 12
/** Lots per page on the UzEx list (each lot carries its products table). */
export const UZEX_PAGE_SIZE = 10

export const tradingKeys = Object.freeze({
  auctionLots: (page = 0) => apiKey<AuctionLot[]>(`${INTEGRATION}/eauksion/lot`, { page, size: AUCTION_PAGE_SIZE }),
  auctionLot: (lotNumber: string | number) => `${INTEGRATION}/iskm/lot/${seg(lotNumber)}` as Key<AuctionLotDetail>,
  uzexLots: (page = 0) => apiKey<UzexLot[]>(`${INTEGRATION}/uzex-lots`, { page, size: UZEX_PAGE_SIZE }),
})
