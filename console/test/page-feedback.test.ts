/**
 * Readers' page feedback in the content area (docs/product.md#page-feedback): editors see the answers the portal's
 * readers sent, by answer and page, with what looked like contacts taken out; moderators, whose role does not reach
 * the content area, are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureOperators, gateway, openAs } from './helpers'

beforeAll(ensureOperators)

describe('page feedback', () => {
  it('lists the answers for editors, filtered by answer and page, without contacts', async () => {
    // A letter first: eight random hex digits are sometimes all digits, which reads as a phone number and is taken out.
    const tag = `t${crypto.randomUUID().slice(0, 7)}`
    const path = `/post/${tag.replace(/[^0-9]/g, '') || '7'}`
    await gateway('/siw/public/page-feedback', {
      path,
      useful: false,
      comment: `No figures (${tag}); write to me at reader@example.com or +998 90 123 45 67`,
    })
    await gateway('/siw/public/page-feedback', { path: '/about', useful: true, comment: `Clear (${tag})` })

    const all = await openAs('editor', '/en/content/feedback')
    expect(all.status).toBe(200)
    expect(all.html).toContain(`No figures (${tag}); write to me at […] or […]`)
    expect(all.html).toContain(`Clear (${tag})`)
    expect(all.html).not.toContain('reader@example.com')

    const no = await openAs('editor', `/en/content/feedback?answer=no&path=${encodeURIComponent(path)}`)
    expect(no.status).toBe(200)
    expect(no.html).toContain(`No figures (${tag})`)
    expect(no.html).not.toContain(`Clear (${tag})`)

    const content = await openAs('editor', '/en/content')
    expect(content.html).toContain('href="/en/content/feedback"')
  })

  it('is refused to a role that does not reach the content area', async () => {
    const page = await openAs('moderator', '/en/content/feedback')
    expect(page.status).toBe(403)
  })
})
