import { describe, expect, it } from 'vitest'
import { renderSitemap } from './sitemap'

describe('sitemap.xml', () => {
  const xml = renderSitemap(
    'https://invest.example',
    [
      { id: 'about', params: {} },
      { id: 'reason', params: { topic: 'economy' } },
    ],
    'en',
  )

  it('has one <url> per route and language, each naming all three languages and x-default', () => {
    expect(xml.match(/<url>/g)).toHaveLength(6)
    expect(xml).toContain('<loc>https://invest.example/ru/reason/economy</loc>')
    const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'))
    expect(first.match(/hreflang="(uz|ru|en|x-default)"/g)).toEqual([
      'hreflang="uz"',
      'hreflang="ru"',
      'hreflang="en"',
      'hreflang="x-default"',
    ])
    expect(first).toContain('hreflang="x-default" href="https://invest.example/about"')
  })

  it('escapes what XML would read as markup', () => {
    const odd = renderSitemap('https://a.example/?x=1&y=<2>', [{ id: 'about', params: {} }], 'en')
    expect(odd).toContain('https://a.example/?x=1&amp;y=&lt;2&gt;/uz/about')
    expect(odd).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
  })
})
