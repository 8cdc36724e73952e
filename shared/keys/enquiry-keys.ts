/**
 * Gateway keys of enquiries (docs/gateway-contract.md#enquiries): the signed-in user's, and one by the signed link of
 * its receipt. Neither URL says "public": each answer is one person's, never cached (docs/product.md#bearer).
 */
import type { Enquiry } from '../../contract/gateway/enquiries'
import { type Key, seg } from './api-keys'

export const enquiryKeys = Object.freeze({
  mine: () => '/siw/enquiry/mine' as Key<Enquiry[]>,
  byLink: (token: string) => `/siw/enquiry/link/${seg(token)}` as Key<Enquiry>,
})
