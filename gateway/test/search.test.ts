import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedAll } from '../src/dev/seed/index'
import { searchText, toFtsQuery, uzbekToLatin } from '../src/lib/search-text'
import { call } from './helpers'

const KINDS = ['events', 'gallery', 'pages', 'posts', 'stories', 'projects', 'services', 'sectors', 'lots'] as const
type Hit = { id: number | string; title: string; path: string }

const search = async (keyword: string, lang: string, size = 50) => {
  const { body } = await call(`/siw/public/search?keyword=${encodeURIComponent(keyword)}&size=${size}`, { lang })
  return body as { content: Record<(typeof KINDS)[number], Hit[]> & { counts: Record<string, number> }; pageable: any }
}
/** Every hit of an answer as `kind:id`, sorted. */
const hitsOf = (answer: Awaited<ReturnType<typeof search>>) =>
  KINDS.flatMap((kind) => answer.content[kind].map((h) => `${kind}:${h.id}`)).sort()

beforeAll(async () => {
  await seedAll(env)
})

describe('search in the page language', () => {
  it('on uz, a Cyrillic query finds what its Latin spelling finds: инвестиция and investitsiya', async () => {
    const latin = await search('investitsiya', 'uz')
    const cyrillic = await search('инвестиция', 'uz')
    expect(latin.pageable.total).toBeGreaterThan(5)
    expect(hitsOf(cyrillic)).toEqual(hitsOf(latin))
    expect(cyrillic.content.counts).toEqual(latin.content.counts)
  })

  it('on uz, ўзбекистон finds what Oʻzbekiston finds, whichever apostrophe the Latin is typed with', async () => {
    const latin = await search('Oʻzbekiston', 'uz')
    expect(latin.pageable.total).toBeGreaterThan(0)
    expect(hitsOf(await search('ўзбекистон', 'uz'))).toEqual(hitsOf(latin))
    expect(hitsOf(await search("O'zbekiston", 'uz'))).toEqual(hitsOf(latin))
    expect(hitsOf(await search('O‘zbekiston', 'uz'))).toEqual(hitsOf(latin))
  })

  it('on ru, проекты finds every form of проект: проекта, проекте, проектов', async () => {
    const plural = await search('проекты', 'ru')
    const singular = await search('проект', 'ru')
    expect(hitsOf(plural)).toEqual(hitsOf(singular))
    const texts = KINDS.flatMap((kind) =>
      plural.content[kind].map((h) => `${h.title} ${(h as { description?: string }).description ?? ''}`),
    )
    // Hits whose text never spells the query's own form are found too.
    expect(texts.some((t) => /проект(а|е|ов|ом|ах)(?![а-яё])/i.test(t) && !/проекты/i.test(t))).toBe(true)
  })

  it('keeps each language apart: a Russian word finds nothing on en', async () => {
    expect((await search('проекты', 'en')).pageable.total).toBe(0)
  })
})

describe('search kinds', () => {
  it('finds projects, services, sectors and e-auction lots, each with the path of its page', async () => {
    const textile = await search('textile', 'en')
    expect(textile.content.sectors.map((h) => h.path)).toContain('/guide/explore/textiles')
    const solar = await search('solar', 'en')
    expect(solar.content.projects.length).toBeGreaterThan(0)
    expect(solar.content.projects.every((h) => /^\/guide\/project\/\d+$/.test(h.path))).toBe(true)
    const service = await search('registration', 'en')
    expect(service.content.services.every((h) => /^\/service\/\d+$/.test(h.path))).toBe(true)
    expect(service.content.services.length).toBeGreaterThan(0)
    const lots = (await import('../seed/eauction-lots.json')).default as { lot_number: string; property_name: any }[]
    const lot = lots[0]!
    const word = lot.property_name.en.split(/\s+/).find((w: string) => w.length > 4)!
    const byLot = await search(word, 'en')
    expect(byLot.content.lots).toContainEqual(
      expect.objectContaining({ id: lot.lot_number, path: `/service/e-auction/${lot.lot_number}` }),
    )
  })

  it('counts every kind’s matches whichever page is asked, and the total is their sum', async () => {
    const first = await search('invest', 'en', 2)
    const wide = await search('invest', 'en', 50)
    expect(Object.keys(first.content.counts).sort()).toEqual([...KINDS].sort())
    expect(first.content.counts).toEqual(wide.content.counts)
    for (const kind of KINDS) expect(wide.content.counts[kind]).toBe(wide.content[kind].length)
    const sum = Object.values(first.content.counts).reduce((a, b) => a + b, 0)
    expect(first.pageable.total).toBe(sum)
  })
})

describe('search text', () => {
  it('writes Uzbek Cyrillic in Uzbek Latin: oʻ gʻ sh ch ng ye yo yu ya ts', () => {
    expect(uzbekToLatin('Ўзбекистон')).toBe('oʻzbekiston')
    expect(uzbekToLatin('ғалла')).toBe('gʻalla')
    expect(uzbekToLatin('шаҳар чиқиш')).toBe('shahar chiqish')
    expect(uzbekToLatin('тонг')).toBe('tong')
    expect(uzbekToLatin('ер шеър')).toBe('yer sheʼr')
    expect(uzbekToLatin('ёш юз ярим')).toBe('yosh yuz yarim')
    expect(uzbekToLatin('инвестиция цемент')).toBe('investitsiya sement')
    expect(uzbekToLatin('Hech nima')).toBe('hech nima')
  })

  it('gives Latin and Cyrillic spellings of Uzbek words the same search text', () => {
    for (const [cyrillic, latin] of [
      ['Ўзбекистон Республикаси', 'Oʻzbekiston Respublikasi'],
      ['Ғалла', 'G‘alla'],
      ['инвестиция лойиҳалари', 'investitsiya loyihalari'],
      ['Тошкент шаҳри', 'Toshkent shahri'],
    ])
      expect(searchText(cyrillic!, 'uz')).toBe(searchText(latin!, 'uz'))
    expect(toFtsQuery('ўзбекистон', 'uz')).toBe('"ozbekiston"*')
  })

  it('stems Russian as Snowball does: its published sample vocabulary', () => {
    const words =
      'в вавиловка вагнера вагон вагона вагоне вагонов вагоном вагоны важная важнее важнейшие важнейшими важничал важно важного важное важной важном важному важности важностию важность важностью важную важны важные важный важным важных вазах вазы вакса вакханка вал валандался валентина валериановых валерию валетами вали валил валился валится валов вальдшнепа вальс вальса вальсе вальсишку вальтера валяется валялась валялись валялось валялся валять валяются вам вами'
    const stems =
      'в вавиловк вагнер вагон вагон вагон вагон вагон вагон важн важн важн важн важнича важн важн важн важн важн важн важност важност важност важност важн важн важн важн важн важн ваз ваз вакс вакханк вал валанда валентин валерианов валер валет вал вал вал вал вал вальдшнеп вальс вальс вальс вальсишк вальтер валя валя валя валя валя валя валя вам вам'
    expect(searchText(words, 'ru')).toBe(stems)
    expect(searchText('Проекты и проектов', 'ru')).toBe('проект и проект')
    expect(searchText('Проекты', 'en')).toBe('проекты')
  })
})

describe('update times and the page list', () => {
  it('answers when each listed item last changed', async () => {
    const lists = [
      '/siw/public/post?size=1',
      '/siw/public/event?size=1',
      '/siw/public/story?size=1',
      '/siw/public/gallery?size=1',
      '/siw/public/project?size=1',
      '/siw/public/service',
      '/siw/public/service/category',
      '/siw/public/project-category?size=1',
      '/siw/public/service-sector?size=1',
      '/integration/public/integration/eauksion/lot?size=1',
      '/siw/public/page?size=1',
    ]
    for (const path of lists) {
      const item = (await call(path)).body.content[0]
      expect(Number.isNaN(Date.parse(item.updated_at)), path).toBe(false)
    }
    const lot = (await call('/integration/public/integration/eauksion/lot?size=1')).body.content[0]
    expect(
      Date.parse((await call(`/integration/public/integration/iskm/lot/${lot.lot_number}`)).body.content.updated_at),
    ).not.toBeNaN()
  })

  it('lists every content page by slug, paged', async () => {
    const pages = (await import('../seed/pages.json')).default as { slug: string }[]
    const first = await call('/siw/public/page?page=0&size=5', { lang: 'ru' })
    expect(first.body.pageable).toMatchObject({ current: 0, next: 1 })
    const all = await call('/siw/public/page?page=0&size=100')
    const slugs = all.body.content.map((p: { slug: string }) => p.slug)
    for (const { slug } of pages) expect(slugs).toContain(slug)
    expect(all.body.content[0]).toEqual({
      slug: expect.any(String),
      title: expect.any(String),
      updated_at: expect.any(String),
    })
  })
})
