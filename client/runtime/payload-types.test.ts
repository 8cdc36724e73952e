/**
 * A payload key carries its answer's type (docs/decisions/0002-payload-keys.md). These are checked by the compiler
 * (`tsc -b`): each read marked `@ts-expect-error` must not compile, and `tsc` fails on a marker whose line does. At run
 * time a typed key is the plain string its builder always made.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Appeal, PersonalProject } from '../../contract/gateway/account'
import type { Post, PostSummary } from '../../contract/gateway/media'
import type { AuctionLotDetail } from '../../contract/gateway/services'
import type { GatewayClient } from '../../shared/gateway/gateway-client'
import { accountKeys } from '../../shared/keys/account-keys'
import type { Key } from '../../shared/keys/api-keys'
import { mediaKeys } from '../../shared/keys/media-keys'
import type { siteKeys } from '../../shared/keys/site-keys'
import { tradingKeys } from '../../shared/keys/trading-keys'
import type { postPlan } from '../../shared/plans/media'
import { useBrowserPayload, usePayload } from './data'
import { useLivePayload } from './live-data'

/** The type of a key's answer, as the key carries it. */
type ContentOf<K> = K extends Key<infer T> ? T : never

const post = mediaKeys.post('1')
const related = mediaKeys.related('news')

describe('typed payload keys', () => {
  it('are the plain gateway URL at run time', () => {
    expect(post).toBe('/siw/public/post/1')
    expect(related).toBe('/siw/public/post?category=news&page=0&size=4')
    expect(JSON.stringify({ key: tradingKeys.auctionLot('12') })).toBe(
      '{"key":"/integration/public/integration/iskm/lot/12"}',
    )
  })

  it('carry the contract’s type of the answer, through the data plans too', () => {
    expectTypeOf<ContentOf<typeof post>>().toEqualTypeOf<Post>()
    expectTypeOf<ContentOf<typeof related>>().toEqualTypeOf<PostSummary[]>()
    expectTypeOf<ContentOf<ReturnType<typeof siteKeys.latestPosts>>>().toEqualTypeOf<PostSummary[]>()
    expectTypeOf<ContentOf<ReturnType<typeof accountKeys.appeal>>>().toEqualTypeOf<Appeal>()
    expectTypeOf<ContentOf<ReturnType<typeof postPlan.build>['keys']['post']>>().toEqualTypeOf<Post>()
    // @ts-expect-error a post's key is not an appeal's
    expectTypeOf<ContentOf<typeof post>>().toEqualTypeOf<Appeal>()
  })

  it('give every reader the key’s type, and refuse another', () => {
    expectTypeOf(usePayload<Post>).toBeCallableWith(post)
    expectTypeOf(useBrowserPayload<PostSummary[]>).toBeCallableWith(related)
    expectTypeOf(useLivePayload<PersonalProject>).toBeCallableWith(accountKeys.project('3'))
    expectTypeOf<GatewayClient['getEnvelope']>().toBeCallableWith(tradingKeys.auctionLot('12'))
    expectTypeOf<Extract<Awaited<ReturnType<GatewayClient['getEnvelope']>>, { ok: true }>['envelope']>().toHaveProperty(
      'content',
    )
    // @ts-expect-error a post is not a number
    expectTypeOf(usePayload<number>).toBeCallableWith(post)
    // @ts-expect-error a list's posts have no body to read: they are summaries, not posts
    expectTypeOf(useBrowserPayload<Post[]>).toBeCallableWith(related)
    // @ts-expect-error a lot's page reads its detail, not a personal project
    expectTypeOf(useLivePayload<AuctionLotDetail>).toBeCallableWith(accountKeys.project('3'))
    // @ts-expect-error a bare string is no key: only the key builders make one
    expectTypeOf(usePayload).toBeCallableWith('/siw/public/post/1')
  })
})
