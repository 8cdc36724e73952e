/**
 * "Was this page useful?" without JavaScript (docs/product.md#page-feedback): the control under content pages, the post
 * that reaches the gateway and thanks with a way back, a page address that is not the portal's refused, and the bound
 * per visitor.
 */
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { href } from '../../shared/routing/match'
import { decodeEntities, fetchPortal, MESSAGES, ORIGIN } from './helpers'

const RUN = crypto.randomUUID().slice(0, 4)

/** The form as a browser posts it, from an address of its own. */
function post(fields: Record<string, string>, address: string) {
  return fetchPortal(href('page-feedback', { locale: 'en' }), {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'cf-connecting-ip': address,
    },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('page feedback', () => {
  it('asks on content pages only, posting the page’s own address', async () => {
    const about = await (await fetchPortal(href('about', { locale: 'en' }))).text()
    expect(about).toMatch(/<form [^>]*action="\/en\/feedback" method="post">/)
    expect(about).toContain(`<input type="hidden" name="page" value="/en/about"/>`)
    expect(about).toContain(MESSAGES.en.feedback.question)
    const signIn = await (await fetchPortal(href('sign-in', { locale: 'en' }))).text()
    expect(signIn).not.toContain('action="/en/feedback"')
  })

  it('sends the answer to the gateway and thanks, with the way back', async () => {
    const comment = `The table needs units (${RUN})`
    const res = await post({ page: '/en/about', useful: 'no', comment }, `2001:db8:${RUN}:5::1`)
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).toBe(href('page-feedback', { locale: 'en', query: { return: '/en/about' } }))
    const row = await env.GATEWAY_DB.prepare('SELECT path, lang, useful FROM page_feedback WHERE comment = ?')
      .bind(comment)
      .first()
    expect(row).toEqual({ path: '/about', lang: 'en', useful: 0 })
    const thanks = decodeEntities(await (await fetchPortal(location)).text())
    expect(thanks).toContain(MESSAGES.en.feedback.thanksTitle)
    expect(thanks).toContain('href="/en/about"')
  })

  it('refuses a page that is not one of the portal’s', async () => {
    for (const page of ['https://elsewhere.example/en/about', '/en/about?x=1', '/about'])
      expect((await post({ page, useful: 'yes' }, `2001:db8:${RUN}:6::1`)).status, page).toBe(400)
  })

  it('takes ten answers an hour from one visitor, and says so on the eleventh', async () => {
    const address = `2001:db8:${RUN}:7::1`
    for (let n = 1; n <= 10; n++) expect((await post({ page: '/en/about', useful: 'yes' }, address)).status).toBe(303)
    const refused = await post({ page: '/en/about', useful: 'yes' }, address)
    expect(refused.status).toBe(429)
    expect(decodeEntities(await refused.text())).toContain(MESSAGES.en.feedback.failed.tooMany)
    expect((await post({ page: '/en/about', useful: 'yes' }, `2001:db8:${RUN}:7::2`)).status).toBe(303)
  })
})
