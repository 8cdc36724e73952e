import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { call } from './helpers'

const seed = (name: string) => import(`../seed/${name}.json`).then((m) => m.default as any[])
/** A reference catalogue (`gateway/reference/{name}.json`), which the seed loads its places from. */
const reference = (name: string) => import(`../reference/${name}.json`).then((m) => m.default as any[])

beforeAll(async () => {
  await seedAll(env)
})

describe('posts', () => {
  it('lists posts of a category newest first with 0-based paging', async () => {
    const all = (await seed('posts')).filter((p) => p.category === 'news')
    const first = await call('/siw/public/post?category=news&page=0&size=3')
    expect(first.status).toBe(200)
    expect(first.body.pageable).toEqual({ total: all.length, current: 0, prev: null, next: 1 })
    expect(first.body.content.map((p: any) => p.category)).toEqual(['news', 'news', 'news'])
    const dates = first.body.content.map((p: any) => p.publish_date)
    expect([...dates].sort().reverse()).toEqual(dates)
    const last = Math.ceil(all.length / 3) - 1
    const end = await call(`/siw/public/post?category=news&page=${last}&size=3`)
    expect(end.body.pageable).toMatchObject({ current: last, prev: last - 1, next: null })
  })

  it('answers in the request language and falls back when a translation is missing', async () => {
    const ru = await call('/siw/public/post/1', { lang: 'ru' })
    const posts = await seed('posts')
    expect(ru.body.content.title).toBe(posts[0].title.ru)
    expect(ru.body.content.author).toEqual(posts[0].author)
    expect(ru.body.content.photo.download_link).toBe('/gateway/document/public/art/post-01.svg')
    await env.DB.prepare("UPDATE posts SET title_ru = '' WHERE id = 1").run()
    const fallback = await call('/siw/public/post/1', { lang: 'ru' })
    expect(fallback.body.content.title).toBe(posts[0].title.en)
    await seedAll(env)
  })

  it('filters posts by keyword across languages, ignoring Uzbek apostrophe variants', async () => {
    const posts = await seed('posts')
    const word = posts[0].title.en.split(' ').find((w: string) => w.length > 6)
    const found = await call(`/siw/public/post?keyword=${encodeURIComponent(word)}&size=50`)
    expect(found.body.content.some((p: any) => p.id === posts[0].id)).toBe(true)
    const apostrophes = await call(`/siw/public/post?keyword=${encodeURIComponent("O'zbekiston")}&size=50`)
    const curly = await call(`/siw/public/post?keyword=${encodeURIComponent('Oʻzbekiston')}&size=50`)
    expect(apostrophes.body.pageable!.total).toBe(curly.body.pageable!.total)
  })

  it('rejects an unknown category and answers 404 for missing or non-numeric ids', async () => {
    expect((await call('/siw/public/post?category=gossip')).body).toMatchObject({
      result: { code: 'validation_error' },
      errors: ['category'],
    })
    expect((await call('/siw/public/post/999999')).status).toBe(404)
    expect((await call('/siw/public/post/abc')).body.result.code).toBe('not_found')
  })
})

describe('galleries, events, stories, people', () => {
  it('returns galleries with their captioned images', async () => {
    const galleries = await seed('galleries')
    const g = await call('/siw/public/gallery/1', { lang: 'uz' })
    expect(g.body.content.files).toHaveLength(galleries[0].images.length)
    expect(g.body.content.files[0]).toMatchObject({
      caption: galleries[0].images[0].caption.uz,
      content_type: 'image/svg+xml',
    })
    expect((await call('/siw/public/gallery?page=0&size=2')).body.pageable!.total).toBe(galleries.length)
  })

  it('lists upcoming events first, soonest first, then past events', async () => {
    const list = (await call('/siw/public/event?size=50')).body.content as any[]
    const now = new Date().toISOString()
    const upcoming = list.filter((e) => e.date_to >= now)
    const past = list.filter((e) => e.date_to < now)
    expect(upcoming.length).toBeGreaterThan(0)
    expect(past.length).toBeGreaterThan(0)
    expect(list.slice(0, upcoming.length)).toEqual(upcoming)
    expect(upcoming.map((e) => e.date_from)).toEqual([...upcoming.map((e) => e.date_from)].sort())
  })

  it('serves an event agenda as a download', async () => {
    const event = (await call('/siw/public/event/1')).body.content
    expect(event.agenda.download_link).toBe('/gateway/document/public/agenda/1?lang=en')
    const res = await call('/document/public/agenda/1', { lang: 'ru' })
    expect(res.res.headers.get('content-disposition')).toContain('attachment')
    const events = await seed('events')
    expect(await res.res.text()).toContain(events[0].agenda.ru.split('\n')[0])
    const pinned = await call('/document/public/agenda/1?lang=uz', { lang: 'ru' })
    const bytes = new Uint8Array(await pinned.res.arrayBuffer())
    expect(new TextDecoder().decode(bytes)).toContain(events[0].agenda.uz.split('\n')[0])
    expect((await call('/siw/public/event/1', { lang: 'uz' })).body.content.agenda).toMatchObject({
      size: bytes.length,
      file_extension: 'txt',
    })
  })

  it('returns stories, leadership, reviews and the 14 territories with their regions', async () => {
    expect((await call('/siw/public/story?size=3')).body.content).toHaveLength(3)
    expect((await call('/siw/public/story/1')).body.content.summary).toBeTruthy()
    expect((await call('/siw/public/leadership')).body.content.length).toBeGreaterThanOrEqual(5)
    expect((await call('/siw/public/review')).body.content.length).toBeGreaterThanOrEqual(4)
    const territories = (await call('/siw/public/territory?size=14', { lang: 'en' })).body.content as any[]
    expect(territories).toHaveLength(14)
    expect(territories.find((t) => t.region.code === '1726')?.region.region).toMatch(/Tashkent/)
  })

  it('serves pages by slug, including the sector pages, and 404 for unknown slugs', async () => {
    expect((await call('/siw/public/page/privacy-policy', { lang: 'uz' })).body.content.title).toBeTruthy()
    // A sector's page is its record: name, card line and page (docs/gateway-contract.md#guide).
    const sector = (await call('/siw/public/page/sector-energy', { lang: 'ru' })).body.content
    expect(sector).toMatchObject({ slug: 'sector-energy', title: 'Энергетика' })
    expect(sector.tagline).toMatch(/станции/)
    expect(sector.content).toContain('<table>')
    expect((await call('/siw/public/page/sector-no-such-sector')).status).toBe(404)
    await env.DB.prepare("UPDATE sectors SET publication = 'draft' WHERE slug = 'pharma'").run()
    expect((await call('/siw/public/page/sector-pharma')).status).toBe(404)
    await env.DB.prepare("UPDATE sectors SET publication = 'published' WHERE slug = 'pharma'").run()
    expect((await call('/siw/public/page/no-such-page')).status).toBe(404)
    expect((await call('/siw/public/page/..%2Fsecret')).status).toBe(404)
  })
})

describe('search', () => {
  const search = (keyword: string, lang: string) =>
    call(`/siw/public/search?keyword=${encodeURIComponent(keyword)}&size=5`, { lang })

  it('finds content in each language with portal paths', async () => {
    const en = await search('textile', 'en')
    const ru = await search('текстиль', 'ru')
    const uz = await search('toʻqimachilik', 'uz')
    for (const r of [en, ru, uz]) {
      const { counts: _, ...lists } = r.body.content
      const hits = Object.values(lists).flat() as any[]
      expect(hits.length).toBeGreaterThan(0)
      expect(hits.every((h) => typeof h.path === 'string' && h.path.startsWith('/'))).toBe(true)
    }
    expect(Object.keys(en.body.content).sort()).toEqual([
      'counts',
      'events',
      'gallery',
      'lots',
      'pages',
      'posts',
      'projects',
      'sectors',
      'services',
      'stories',
    ])
  })

  it('matches a plain apostrophe against the Uzbek ʻ letter and treats FTS syntax as text', async () => {
    const plain = await search("to'qimachilik", 'uz')
    expect(plain.body.pageable!.total).toBeGreaterThan(0)
    expect((await search('NEAR("a" "b") OR -x *', 'en')).status).toBe(200)
    expect((await search('', 'en')).body.pageable!.total).toBe(0)
  })

  it('does not return results of another language', async () => {
    const ruWordInEnglish = await search('текстиль', 'en')
    expect(ruWordInEnglish.body.pageable!.total).toBe(0)
  })
})

describe('investor guide', () => {
  it('returns categories with their linked services', async () => {
    const categories = await seed('project-categories')
    const detail = (await call('/siw/public/project-category/1')).body.content
    expect(detail.service_categories.map((s: any) => s.id)).toEqual(categories[0].service_ids)
    expect(detail.upload.download_link).toContain('/document/public/art/')
  })

  it('filters projects by category, sector, region, amount band and status', async () => {
    const projects = await seed('projects')
    const sectors = await seed('sectors')
    const energy = sectors.find((s) => s.slug === 'energy')!
    const bySector = (await call(`/siw/public/project?sector_id=${energy.id}&size=50`)).body
    expect(bySector.pageable!.total).toBe(projects.filter((p) => p.sector_slug === 'energy').length)
    const open = (await call('/siw/public/project?status=open_for_investment&size=50')).body.content as any[]
    expect(open.every((p) => p.status === 'open_for_investment')).toBe(true)
    const band = (await call('/siw/public/project-amount')).body.content.find((a: any) => a.to !== null)
    const inBand = (await call(`/siw/public/project?amount_id=${band.id}&size=50`)).body.content as any[]
    expect(inBand.every((p) => p.budget >= band.from && p.budget < band.to)).toBe(true)
    expect((await call('/siw/public/project?status=bogus')).body.errors).toEqual(['status'])
    expect((await call('/siw/public/project?region_id=x')).body.errors).toEqual(['region_id'])
  })

  it('returns a project detail with metrics and 404 for an unknown one', async () => {
    const p = (await call('/siw/public/project/1', { lang: 'ru' })).body.content
    expect(p).toMatchObject({ id: 1, sector: { slug: expect.any(String) }, region: { code: expect.any(String) } })
    expect(typeof p.irr).toBe('number')
    expect(p.content).toContain('<')
    expect((await call('/siw/public/project/99999')).status).toBe(404)
  })

  it('lists sectors, regions, districts of a region and countries with keyword filters', async () => {
    expect((await call('/siw/public/service-sector?size=20')).body.content).toHaveLength(14)
    expect((await call('/integration/public/territorial-entity/regions?size=20')).body.content).toHaveLength(14)
    const districts = (await call('/integration/public/territorial-entity/districts?region_code=1726&size=100')).body
      .content as any[]
    expect(districts.length).toBeGreaterThan(3)
    expect(districts.every((d) => d.mhobt.startsWith('1726'))).toBe(true)
    const germany = (await call('/integration/public/territorial-entity/countries?keyword=germ', { lang: 'en' })).body
      .content
    expect(germany).toEqual([{ id: expect.any(Number), code: 'DE', country: 'Germany' }])
  })
})

describe('services', () => {
  it('walks categories → services → processes → steps → documents', async () => {
    const top = (await call('/siw/public/service/category')).body.content as any[]
    expect(top.every((c) => c.parent === null)).toBe(true)
    const children = (await call(`/siw/public/service/category?parent_id=${top[0].id}`)).body.content as any[]
    expect(children.every((c) => c.parent === top[0].id)).toBe(true)
    const services = (await call(`/siw/public/service?category_id=${children[0]?.id ?? top[0].id}`)).body
      .content as any[]
    expect(services.length).toBeGreaterThan(0)
    const processes = (await call(`/siw/public/service-process?service_id=${services[0].id}`)).body.content as any[]
    expect(processes.length).toBeGreaterThan(0)
    const steps = (await call(`/siw/public/service/step?process_id=${processes[0].id}`)).body.content as any[]
    const step = (await call(`/siw/public/service/step/${steps[0].id}`)).body.content
    expect(step).toHaveProperty('groups')
    expect(step).not.toHaveProperty('group')
    expect(step.groups[0].documents[0].upload.download_link).toMatch(/\/document\/public\/template\/\d+\?lang=en$/)
  })

  it('requires the parent id of processes and steps', async () => {
    expect((await call('/siw/public/service-process')).body.errors).toEqual(['service_id'])
    expect((await call('/siw/public/service/step')).body.errors).toEqual(['process_id'])
    expect((await call('/siw/public/service/9999')).status).toBe(404)
  })
})

describe('integrations', () => {
  it('lists open e-auction lots first with deposits and live end times', async () => {
    const lots = (await call('/integration/public/integration/eauksion/lot?size=50')).body.content as any[]
    const now = Date.now()
    const open = lots.filter((l) => Date.parse(l.order_end_time) > now)
    expect(open.length).toBeGreaterThan(0)
    expect(lots.slice(0, open.length)).toEqual(open)
    expect(lots[0].zakalad_amount).toBe(Math.round((lots[0].start_price * lots[0].zakalad_percent) / 100))
    const detail = (await call(`/integration/public/integration/iskm/lot/${lots[0].lot_number}`)).body.content
    expect(detail).toMatchObject({ lot: lots[0].lot_number, over_time: false })
    expect(detail.images.length).toBeGreaterThan(0)
    expect((await call('/integration/public/integration/iskm/lot/0')).status).toBe(404)
  })

  it('lists UzEx lots with products and a detail by id', async () => {
    const lots = (await call('/integration/public/integration/uzex-lots?size=5')).body
    expect(lots.content[0].products.length).toBeGreaterThan(0)
    expect(lots.pageable!.total).toBe((await seed('uzex-lots')).length)
    const one = (await call(`/integration/public/integration/uzex-lots/${lots.content[0].lot_id}`)).body.content
    expect(one.lot_number).toBe(lots.content[0].lot_number)
  })
})

describe('lists and ids across the content API', () => {
  it('answers the not_found envelope for a missing or non-numeric id on every detail call', async () => {
    const details = [
      '/siw/public/post',
      '/siw/public/gallery',
      '/siw/public/event',
      '/siw/public/story',
      '/siw/public/project-category',
      '/siw/public/project',
      '/siw/public/service',
      '/siw/public/service/step',
      '/integration/public/integration/uzex-lots',
    ]
    for (const base of details) {
      for (const id of ['987654', 'abc', '1.5', '-1']) {
        const res = await call(`${base}/${id}`)
        expect([res.status, res.body.result.code], `${base}/${id}`).toEqual([404, 'not_found'])
      }
    }
    expect((await call('/integration/public/integration/iskm/lot/12ab')).status).toBe(404)
  })

  it('answers an empty page past the end with the true total and a prev link', async () => {
    const res = await call('/siw/public/story?page=40&size=5')
    expect(res.body.content).toEqual([])
    expect(res.body.pageable).toMatchObject({ current: 40, prev: 39, next: null })
    expect(res.body.pageable!.total).toBe((await seed('stories')).length)
  })

  it('filters categories, sectors, regions and districts by keyword in any language', async () => {
    const categories = await seed('project-categories')
    const word = categories[0].title.ru.split(' ')[0]
    const found = (await call(`/siw/public/project-category?keyword=${encodeURIComponent(word)}`, { lang: 'en' })).body
      .content as any[]
    expect(found.map((c) => c.id)).toContain(categories[0].id)
    expect((await call('/siw/public/service-sector?keyword=zzzzqq')).body.pageable!.total).toBe(0)
    const tashkent = (
      await call(`/integration/public/territorial-entity/regions?keyword=${encodeURIComponent('ташкент')}`, {
        lang: 'ru',
      })
    ).body.content as any[]
    expect(tashkent.map((r) => r.code)).toContain('1726')
    expect(tashkent.every((r) => /Ташкент/i.test(r.region))).toBe(true)
    const regions = await reference('regions')
    const district = regions[0].districts[0]
    const districts = (
      await call(`/integration/public/territorial-entity/districts?keyword=${encodeURIComponent(district.name.en)}`)
    ).body.content as any[]
    expect(districts.map((d) => d.mhobt)).toContain(district.mhobt)
  })

  it('answers every localised list in Russian and Uzbek with the seeded translations', async () => {
    const sectors = await seed('sectors')
    for (const lang of ['uz', 'ru', 'en'] as const) {
      const list = (await call('/siw/public/service-sector?size=20', { lang })).body.content as any[]
      expect(list.find((s) => s.id === sectors[0].id).content).toBe(sectors[0].content[lang])
    }
    const amounts = (await call('/siw/public/project-amount', { lang: 'ru' })).body.content as any[]
    expect(amounts.at(-1)).toMatchObject({ to: null })
    expect(amounts[0].content).toMatch(/[а-яё]/i)
  })

  it('combines project filters and lists a top-level service category with its children’s services', async () => {
    const projects = await seed('projects')
    const p = projects[0]
    // A region's id is its SOATO code (docs/operations.md#reference-catalogues).
    const regionId = Number(p.region_code)
    const both = (await call(`/siw/public/project?category_id=${p.category_id}&region_id=${regionId}&size=50`)).body
      .content as any[]
    expect(both.map((x) => x.id)).toContain(p.id)
    expect(both.every((x) => x.category.id === p.category_id && x.region.id === regionId)).toBe(true)
    const categories = await seed('service-categories')
    const parent = categories.find((c) => c.parent_id === null && categories.some((k) => k.parent_id === c.id))
    const childIds = new Set([parent.id, ...categories.filter((k) => k.parent_id === parent.id).map((k) => k.id)])
    const expected = (await seed('services'))
      .filter((s) => childIds.has(s.category_id))
      .map((s) => s.id)
      .sort((a, b) => a - b)
    const listed = (await call(`/siw/public/service?category_id=${parent.id}`)).body.content as any[]
    expect(listed.map((s) => s.id).sort((a, b) => a - b)).toEqual(expected)
  })

  it('pages search results per kind and counts every hit in the total', async () => {
    const wide = (await call('/siw/public/search?keyword=invest&size=50')).body
    const { counts: _, ...lists } = wide.content as Record<string, unknown[]>
    const perKind = Object.values(lists).map((l) => l.length)
    expect(wide.pageable!.total).toBe(perKind.reduce((a, b) => a + b, 0))
    const page = (await call('/siw/public/search?keyword=invest&size=1')).body
    const { counts: __, ...pageLists } = page.content as Record<string, unknown[]>
    expect(Object.values(pageLists).every((l) => l.length <= 1)).toBe(true)
    expect(page.pageable).toMatchObject({ current: 0, prev: null, next: Math.max(...perKind) > 1 ? 1 : null })
  })
})

describe('generated art and seeding', () => {
  it('serves a deterministic, immutable, sandboxed SVG per name and ratio', async () => {
    const a = await call('/document/public/art/post-01.svg')
    const b = await call('/document/public/art/post-01.svg')
    const square = await call('/document/public/art/post-01_1x1.svg')
    expect(a.res.headers.get('content-type')).toBe('image/svg+xml')
    expect(a.res.headers.get('cache-control')).toContain('immutable')
    expect(a.res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const [ta, tb, ts] = await Promise.all([a.res.text(), b.res.text(), square.res.text()])
    expect(ta).toBe(tb)
    expect(ts).toContain('viewBox="0 0 240 240"')
    expect(ta.length).toBeLessThan(4096)
    expect((await call('/document/public/art/..%2Fx.svg')).status).toBe(404)
  })

  it('seeds idempotently and keeps user data', async () => {
    const count = (t: string) => env.DB.prepare(`SELECT count(*) AS n FROM ${t}`).first<number>('n')
    const contact = await call('/siw/public/contact-us', {
      body: {
        name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '998901234567',
        website: '',
        country: 'GB',
        designation: 'CTO',
        message: 'Hello there, a question about zones.',
        purpose: 'other',
        company_name: 'Engines',
      },
    })
    expect(contact.status).toBe(200)
    const before = {
      posts: await count('posts'),
      pages: await count('pages'),
      search: await count('search_index'),
      contact: await count('contact_requests'),
    }
    await seedAll(env)
    await seedAll(env)
    expect({
      posts: await count('posts'),
      pages: await count('pages'),
      search: await count('search_index'),
      contact: await count('contact_requests'),
    }).toEqual(before)
  })

  it('answers the dev seed endpoint only in dev mode', async () => {
    expect((await call('/dev/seed', { method: 'POST' })).status).toBe(200)
    expect((await call('/dev/seed', { method: 'POST', env: { DEV_MODE: '0' } })).status).toBe(404)
  })
})
