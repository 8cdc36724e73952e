/**
 * The agency's contacts are data from the upstream (docs/gateway-contract.md#site-settings), not interface text: the
 * footer and the contact page show what the upstream gives, in the page's language, and leave out what it does not.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../contract/locales'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import uz from '../../locales/uz.json'
import { guideKeys } from '../../shared/keys/guide-keys'
import { siteKeys } from '../../shared/keys/site-keys'
import { href } from '../../shared/routing/match'
import { createApp } from '../../worker/app'
import { payloadCacheKey, setPayloadClock } from '../../worker/payloads/payloads'
import { decodeEntities, GOOGLEBOT, ORIGIN } from './helpers'

const app = createApp()

/** What the reference gateway seeds in local mode (gateway/seed/site-settings.json). */
const seeded = {
  phone: '+998 71 202-10-00',
  email: 'info@invest.gov.example',
  address: {
    uz: '100017, Toshkent shahri, Yunusobod tumani, Amir Temur shoh koʻchasi, 42-uy',
    ru: '100017, город Ташкент, Юнусабадский район, проспект Амира Темура, дом 42',
    en: '42 Amir Temur Avenue, Yunusabad district, Tashkent 100017, Uzbekistan',
  },
  hours: { en: 'Monday–Friday, 09:00–18:00 (Tashkent time)' },
  map_url: 'https://www.openstreetmap.org/?mlat=41.3385&mlon=69.2848#map=17/41.3385/69.2848',
  socials: ['https://t.me/invest_portal_demo', 'https://www.facebook.com/invest.portal.demo'],
}

/** A page as a crawler gets it (the whole document), with the upstream answering through `answer`. */
async function page(path: string, answer: (req: Request) => Promise<Response> = (req) => env.GATEWAY.fetch(req)) {
  const ctx = createExecutionContext()
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { headers: { 'user-agent': GOOGLEBOT } }),
    {
      ...env,
      GATEWAY: { fetch: (input: RequestInfo, init?: RequestInit) => answer(new Request(input, init)) },
    } as unknown as Env,
    ctx,
  )
  const html = decodeEntities(await res.text())
  await waitOnExecutionContext(ctx)
  return { res, html }
}

/** The footer's markup. */
const footerOf = (html: string) => /<footer[^>]*class="site-footer"[\s\S]*<\/footer>/.exec(html)?.[0] ?? ''

/** An upstream that has never heard of site settings (the agency's API today), and answers everything else. */
const withoutSettings = async (req: Request) =>
  new URL(req.url).pathname === siteKeys.settings()
    ? Response.json({ result: { code: 'not_found', description: 'not_found' }, content: null }, { status: 404 })
    : env.GATEWAY.fetch(req)

describe('the site’s contacts', () => {
  it('are the upstream’s in the footer, in the page’s language: address linked to the map, phone, e-mail, social links', async () => {
    for (const [locale, messages] of [
      ['ru', ru],
      ['uz', uz],
    ] as const) {
      const { res, html } = await page(href('about', { locale }))
      expect(res.status).toBe(200)
      const footer = footerOf(html)
      expect(footer).toContain(`<a class="site-footer__contact" href="${seeded.map_url}">`)
      expect(footer).toContain(seeded.address[locale])
      expect(footer).toContain(`href="tel:+998712021000"`)
      expect(footer).toContain(seeded.phone)
      expect(footer).toContain(`href="mailto:${seeded.email}"`)
      expect(footer).toContain(`aria-label="${messages.footer.social}"`)
      for (const url of seeded.socials) expect(footer).toContain(`href="${url}"`)
      expect(footer).toContain('>Telegram</a>')
    }
  })

  it('are the upstream’s on the contact page too', async () => {
    const { html } = await page(href('contact-us', { locale: 'en' }))
    const direct = /<ul class="contact-direct">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? ''
    expect(direct).toContain(seeded.phone)
    expect(direct).toContain(seeded.email)
    expect(direct).toContain(seeded.address.en)
    expect(direct).toContain(`Opening hours</span>${seeded.hours.en}`)
  })

  it('are left out, cleanly, by an upstream without site settings: the page is whole and nothing else is missing', async () => {
    await env.PAYLOADS.delete(payloadCacheKey('en', siteKeys.settings()))
    const { res, html } = await page(href('contact-us', { locale: 'en' }), withoutSettings)
    expect(res.status).toBe(200)
    const footer = footerOf(html)
    expect(footer).toContain(`href="${href('sitemap', { locale: 'en' })}"`)
    expect(footer).not.toContain('site-footer__contacts')
    expect(footer).not.toContain('site-footer__social')
    expect(html).not.toContain('tel:')
    expect(html).not.toContain('mailto:')
    // The opening hours are the upstream's too; the contact page keeps its form.
    expect(html).not.toContain(seeded.hours.en)
    expect(html).toContain('<form')
    expect(res.headers.get('x-render-error')).toBeNull()
  })

  it('are asked of an upstream without them once in five minutes per isolate, not once per page', async () => {
    let asked = 0
    const counting = (req: Request) => {
      if (new URL(req.url).pathname === siteKeys.settings()) asked++
      return withoutSettings(req)
    }
    // Nothing cached from the tests before, and past any absence they left in this isolate's memory.
    for (const locale of LOCALES) await env.PAYLOADS.delete(payloadCacheKey(locale, siteKeys.settings()))
    const start = Date.now() + 10 * 60_000
    let now = start
    setPayloadClock(() => now)
    try {
      for (const path of [
        href('home', { locale: 'en' }),
        href('about', { locale: 'ru' }),
        href('contact-us', { locale: 'uz' }),
      ])
        expect((await page(path, counting)).res.status).toBe(200)
      expect(asked).toBe(1)
      now = start + 5 * 60_000 + 1
      await page(href('home', { locale: 'en' }), counting)
      expect(asked).toBe(2)
    } finally {
      setPayloadClock()
    }
  })

  it('are no interface text: no language carries an e-mail address, phone number or opening hours of the agency', () => {
    for (const messages of [en, ru, uz]) {
      expect(Object.keys(messages.footer).sort()).toEqual(['about', 'map', 'social'])
      expect(JSON.stringify(messages)).not.toMatch(/invest\.gov|202-10-00|Amir Temur|Амира Темура|09:00–18:00/)
    }
  })
})

/** An upstream whose site settings are the seeded ones changed by `change` (or whose call is a 404: `null`). */
const settingsChangedBy =
  (change: ((content: Record<string, unknown>) => Record<string, unknown>) | null) => async (req: Request) => {
    if (new URL(req.url).pathname !== siteKeys.settings()) return env.GATEWAY.fetch(req)
    if (change === null) return withoutSettings(req)
    const seededAnswer = (await (await env.GATEWAY.fetch(req)).json()) as { content: Record<string, unknown> }
    return Response.json({ ...seededAnswer, content: change(seededAnswer.content) })
  }

/** How far ahead `pageWith` sets the clock: each call further, past the five minutes an absence is remembered. */
let ahead = 2 * 60 * 60_000

/**
 * A page with the upstream's settings as `answer` gives them: nothing of them cached in KV, and on a clock past any
 * absence an earlier request left in this isolate's memory.
 */
async function pageWith(path: string, locale: (typeof LOCALES)[number], answer: (req: Request) => Promise<Response>) {
  await env.PAYLOADS.delete(payloadCacheKey(locale, siteKeys.settings()))
  ahead += 10 * 60_000
  const skew = ahead
  setPayloadClock(() => Date.now() + skew)
  try {
    return await page(path, answer)
  } finally {
    setPayloadClock()
  }
}

const figuresOf = (html: string) => /<section class="section home-figures"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''

describe('what the site settings carry beside the contacts', () => {
  it('gives the home page its key figures, in the page’s language, as the agency keeps them', async () => {
    const seeded = figuresOf(
      (
        await pageWith(
          href('home', { locale: 'ru' }),
          'ru',
          settingsChangedBy((c) => c),
        )
      ).html,
    )
    expect(seeded).toContain('Население')
    expect(seeded).toContain('млн')
    const changed = figuresOf(
      (
        await pageWith(
          href('home', { locale: 'en' }),
          'en',
          settingsChangedBy((c) => ({
            ...c,
            figures: [{ value: 1250, unit: 'projects', label: 'Projects on offer', source: 'Agency data, 2026' }],
          })),
        )
      ).html,
    )
    expect(changed).toContain('Projects on offer')
    expect(changed).toContain('1,250')
    expect(changed).toContain('Agency data, 2026')
    expect(changed).not.toContain(en.home.figures.population.label)
    expect(changed.match(/class="stat-block"/g)).toHaveLength(1)
  })

  it('shows no figures when the agency keeps none, and the portal’s own from an upstream without settings', async () => {
    const none = figuresOf(
      (
        await pageWith(
          href('home', { locale: 'en' }),
          'en',
          settingsChangedBy((c) => ({ ...c, figures: [] })),
        )
      ).html,
    )
    expect(none).toContain(en.home.figures.title)
    expect(none).not.toContain('stat-block')
    const own = figuresOf((await pageWith(href('home', { locale: 'uz' }), 'uz', settingsChangedBy(null))).html)
    expect(own).toContain(uz.home.figures.population.label)
    expect(own.match(/class="stat-block"/g)).toHaveLength(4)
  })

  it('gives the footer the investor guide’s links to content pages, as the agency orders and names them', async () => {
    const links = [
      { slug: 'faq', label: 'Questions investors ask' },
      { slug: 'investment-climate', label: 'The climate for investment' },
    ]
    const footer = footerOf(
      (
        await pageWith(
          href('about', { locale: 'en' }),
          'en',
          settingsChangedBy((c) => ({ ...c, guide_links: links })),
        )
      ).html,
    )
    const faq = footer.indexOf(`href="${href('page', { locale: 'en', params: { slug: 'faq' } })}">${links[0]!.label}<`)
    const climate = footer.indexOf(
      `href="${href('page', { locale: 'en', params: { slug: 'investment-climate' } })}">${links[1]!.label}<`,
    )
    expect(faq).toBeGreaterThan(0)
    expect(climate).toBeGreaterThan(faq)
    expect(footer).not.toContain(en.menu.pages['tax-incentives'])
    // An upstream without settings: the portal's own four, named in the page's language.
    const own = footerOf((await pageWith(href('about', { locale: 'ru' }), 'ru', settingsChangedBy(null))).html)
    for (const slug of ['investment-climate', 'tax-incentives', 'free-economic-zones', 'faq'] as const)
      expect(own).toContain(`href="${href('page', { locale: 'ru', params: { slug } })}">${ru.menu.pages[slug]}<`)
  })
})

describe('the sectors', () => {
  const HYDROGEN = { slug: 'green-hydrogen', name: 'Green hydrogen', tagline: 'Electrolysers fed by solar and wind' }
  /** The seeded settings with one more sector, and that sector's content page. */
  const withHydrogen = async (req: Request) => {
    if (new URL(req.url).pathname === guideKeys.sectorPage(HYDROGEN.slug))
      return Response.json({
        result: { code: 'ok', description: '' },
        content: { id: 901, slug: `sector-${HYDROGEN.slug}`, title: HYDROGEN.name, content: '<p>A new sector.</p>' },
      })
    return settingsChangedBy((c) => ({ ...c, sectors: [...(c.sectors as unknown[]), HYDROGEN] }))(req)
  }

  it('are the upstream’s: a sector the agency adds is listed by the explorer and has its page, with no change to the portal', async () => {
    const explore = (await pageWith(href('explore', { locale: 'en' }), 'en', withHydrogen)).html
    const link = href('sector', { locale: 'en', params: { sector: HYDROGEN.slug } })
    expect(explore).toContain(`href="${link}"`)
    expect(explore).toContain(HYDROGEN.tagline)
    expect(explore).toContain(`href="${href('sector', { locale: 'en', params: { sector: 'textiles' } })}"`)
    const sector = await pageWith(link, 'en', withHydrogen)
    expect(sector.res.status).toBe(200)
    expect(sector.html).toContain(`<h1`)
    expect(sector.html).toContain(HYDROGEN.name)
    // The other sectors, linked from its aside, are the upstream's list too.
    expect(sector.html).toContain(`href="${href('sector', { locale: 'en', params: { sector: 'energy' } })}"`)
  })

  it('are a 404 where the upstream has no page for the slug, and a number still reaches a project', async () => {
    const madeUp = await pageWith(href('sector', { locale: 'en', params: { sector: 'made-up' } }), 'en', withHydrogen)
    expect(madeUp.res.status).toBe(404)
    const project = await page(href('explore-item', { locale: 'en', params: { id: '1' } }))
    expect(project.res.status).toBe(200)
  })

  it('are the portal’s own, named in the page’s language, for an upstream without settings', async () => {
    const explore = (await pageWith(href('explore', { locale: 'ru' }), 'ru', settingsChangedBy(null))).html
    expect(explore).toContain(ru.guide.sectors.textiles.name)
    expect(explore.match(/class="card__link"/g)?.length).toBe(14)
  })
})
