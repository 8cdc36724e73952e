/** On a 360 px wide phone no page scrolls sideways, in any language: wide content scrolls inside its own box. */
import { LOCALES } from '../../contract/locales'
import { expect, test } from './fixtures'
import { href } from './support'

const PHONE = { width: 360, height: 740 }

/**
 * Content pages of every layout and area, and the sign-in form; long Russian and Uzbek words are the usual culprits.
 */
const PAGES = [
  ['home', {}],
  ['about', {}],
  ['search', {}],
  ['sitemap', {}],
  ['contacts', {}],
  ['contact-us', {}],
  ['media', { id: 'news' }],
  ['post', { id: '1' }],
  ['story-list', {}],
  ['event-list', {}],
  ['reason', { topic: 'economy' }],
  ['service-category-index', {}],
  ['e-auction', {}],
  ['uz-ex', {}],
  ['guide-partnership', {}],
  ['guide-project', {}],
  ['explore', {}],
  ['sector', { sector: 'energy' }],
] as const

test.use({ viewport: PHONE })

for (const locale of LOCALES) {
  test(`no ${locale} page is wider than a 360 px screen`, async ({ page }) => {
    test.setTimeout(90_000)
    const paths = [
      ...PAGES.map(([id, params]) => href(id, { locale, params })),
      `${href('sign-in', { locale })}?role=investor`,
    ]
    const wide: string[] = []
    for (const path of paths) {
      await page.goto(path)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > PHONE.width) wide.push(`${path}: ${width} px`)
    }
    expect(wide).toEqual([])
  })
}
