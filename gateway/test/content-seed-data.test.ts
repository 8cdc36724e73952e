import { describe, expect, it } from 'vitest'
import regions from '../reference/regions.json'
import amounts from '../seed/amounts.json'
import eauctionLots from '../seed/eauction-lots.json'
import events from '../seed/events.json'
import galleries from '../seed/galleries.json'
import leadership from '../seed/leadership.json'
import pages from '../seed/pages.json'
import posts from '../seed/posts.json'
import projectCategories from '../seed/project-categories.json'
import projects from '../seed/projects.json'
import reviews from '../seed/reviews.json'
import sectors from '../seed/sectors.json'
import serviceCategories from '../seed/service-categories.json'
import services from '../seed/services.json'
import stories from '../seed/stories.json'
import territories from '../seed/territories.json'
import uzexLots from '../seed/uzex-lots.json'
import { ART_NAME } from '../src/areas/content/svg-art'

const CONTENT_FILES: Record<string, unknown> = {
  posts,
  events,
  stories,
  galleries,
  leadership,
  reviews,
  pages,
  territories,
  sectors,
  amounts,
  'project-categories': projectCategories,
  projects,
  'service-categories': serviceCategories,
  services,
  'eauction-lots': eauctionLots,
  'uzex-lots': uzexLots,
}

const isLocalised = (v: unknown): v is { uz: unknown; ru: unknown; en: unknown } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  ['en', 'ru', 'uz'].every((k) => k in v) &&
  Object.keys(v).length === 3

/** Every localised object in a seed file with its JSON path. */
function localisedTexts(value: unknown, path: string, out: { path: string; text: Record<string, unknown> }[] = []) {
  if (isLocalised(value)) out.push({ path, text: value })
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) localisedTexts(v, `${path}[${i}]`, out)
  } else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) localisedTexts(v, `${path}.${k}`, out)
  return out
}

type SeedDocument = { id: number; type: string }
type SeedStep = {
  id: number
  groups: { id: number; documents: SeedDocument[] }[]
  accordions: { id: number; documents: SeedDocument[] }[]
}
/** The services file as a plain tree (the JSON's inferred union types are too wide to flatten). */
const serviceTree = services as { id: number; processes: { id: number; steps: SeedStep[] }[] }[]

const ids = (list: { id: number }[]) => list.map((x) => x.id)
const unique = (list: unknown[]) => new Set(list).size === list.length

describe('seed files (gateway/seed/*.json) follow seed-format.md', () => {
  it('fill every localised text in uz (Latin), ru (Cyrillic) and en', () => {
    const problems: string[] = []
    let checked = 0
    for (const [file, data] of Object.entries(CONTENT_FILES)) {
      for (const { path, text } of localisedTexts(data, file)) {
        checked++
        for (const lang of ['uz', 'ru', 'en'] as const)
          if (typeof text[lang] !== 'string' || !(text[lang] as string).trim()) problems.push(`${path}.${lang} empty`)
        if (/[а-яё]{3}/i.test(String(text.uz))) problems.push(`${path}.uz is Cyrillic`)
        if (/[a-z]{4}/i.test(String(text.ru)) && !/[а-яё]/i.test(String(text.ru)))
          problems.push(`${path}.ru has no Cyrillic`)
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(1000)
  })

  it('name images the art route can draw', () => {
    const names = [
      ...posts.map((p) => p.photo),
      ...events.map((e) => e.photo),
      ...stories.map((s) => s.photo),
      ...leadership.map((l) => l.photo),
      ...reviews.map((r) => r.photo),
      ...galleries.flatMap((g) => g.images.map((i) => i.name)),
      ...projectCategories.map((c) => c.upload),
      ...projects.map((p) => p.upload),
      ...services.map((s) => s.upload),
      ...eauctionLots.flatMap((l) => [l.image, ...l.images]),
    ].filter((n) => n !== null)
    expect(names.filter((n) => typeof n !== 'string' || !ART_NAME.test(n))).toEqual([])
  })

  it('have the required amounts of public content', () => {
    expect(posts.length).toBeGreaterThanOrEqual(24)
    for (const category of ['news', 'publication', 'pr_material', 'blog'])
      expect(posts.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(5)
    expect(events.length).toBeGreaterThanOrEqual(6)
    expect(events.some((e) => e.date_to_offset_days < 0) && events.some((e) => e.date_from_offset_days > 0)).toBe(true)
    expect(events.every((e) => /^\d{2}:\d{2}$/.test(e.time) && e.date_to_offset_days >= e.date_from_offset_days)).toBe(
      true,
    )
    expect(stories.length).toBeGreaterThanOrEqual(6)
    expect(galleries.length).toBeGreaterThanOrEqual(4)
    expect(galleries.every((g) => g.images.length >= 6)).toBe(true)
    expect(leadership.length).toBeGreaterThanOrEqual(5)
    expect(reviews.length).toBeGreaterThanOrEqual(4)
    const slugs = pages.map((p) => p.slug)
    expect(slugs).toEqual(expect.arrayContaining(['about', 'contacts', 'cookie-policy', 'privacy-policy']))
    expect(slugs.length).toBeGreaterThanOrEqual(6)
    expect(slugs.every((s) => /^[a-z0-9-]+$/.test(s)) && unique(slugs)).toBe(true)
  })

  it('give each of the 14 regions of the reference catalogue its territory, and have 14 sectors', () => {
    expect(territories.map((t) => t.region_code).sort()).toEqual(regions.map((r) => r.code).sort())
    expect(sectors.map((s) => s.slug).sort()).toEqual([
      'agriculture',
      'automotive',
      'chemicals',
      'construction',
      'education',
      'energy',
      'finance',
      'metals',
      'oil-and-gas',
      'pharma',
      'technology',
      'textiles',
      'tourism',
      'zdravoohranenie',
    ])
    expect(amounts.filter((a) => a.to === null)).toHaveLength(1)
  })

  it('link projects, categories and services only to records that exist', () => {
    const serviceIds = new Set(ids(services))
    const regionCodes = new Set(regions.map((r) => r.code))
    expect(projectCategories.length).toBeGreaterThanOrEqual(6)
    expect(projectCategories.flatMap((c) => c.service_ids).filter((id) => !serviceIds.has(id))).toEqual([])
    expect(projects.length).toBeGreaterThanOrEqual(20)
    expect(new Set(projects.map((p) => p.status))).toEqual(
      new Set(['open_for_investment', 'under_negotiation', 'closed']),
    )
    const categoryIds = new Set(ids(projectCategories))
    const slugs = new Set(sectors.map((s) => s.slug))
    expect(
      projects
        .filter((p) => !categoryIds.has(p.category_id) || !slugs.has(p.sector_slug) || !regionCodes.has(p.region_code))
        .map((p) => p.id),
    ).toEqual([])
    expect(projects.every((p) => /^998\d{9}$/.test(p.phone))).toBe(true)
    const serviceCategoryIds = new Set(ids(serviceCategories))
    expect(serviceCategories.filter((c) => c.parent_id === null).length).toBeGreaterThanOrEqual(5)
    expect(
      serviceCategories.filter((c) => c.parent_id !== null && !serviceCategoryIds.has(c.parent_id)).map((c) => c.id),
    ).toEqual([])
    expect(services.filter((s) => !serviceCategoryIds.has(s.category_id)).map((s) => s.id)).toEqual([])
    expect(eauctionLots.filter((l) => !regionCodes.has(l.region_code)).map((l) => l.order_id)).toEqual([])
  })

  it('give services processes and steps whose ids are unique across the file', () => {
    expect(services.length).toBeGreaterThanOrEqual(12)
    const processes = serviceTree.flatMap((s) => s.processes)
    const steps = processes.flatMap((p) => p.steps)
    const groups = steps.flatMap((s) => s.groups)
    const accordions = steps.flatMap((s) => s.accordions)
    const documents = [...groups, ...accordions].flatMap((x) => x.documents)
    expect(serviceTree.every((s) => s.processes.length >= 1)).toBe(true)
    expect(processes.every((p) => p.steps.length >= 1)).toBe(true)
    for (const list of [processes, steps, groups, accordions, documents]) expect(unique(ids(list))).toBe(true)
    expect(documents.every((d) => ['pdf', 'docx', 'xlsx'].includes(d.type))).toBe(true)
  })

  it('keep most e-auction lots open and give UzEx lots products', () => {
    expect(eauctionLots.length).toBeGreaterThanOrEqual(12)
    expect(eauctionLots.filter((l) => l.order_end_offset_hours > 0).length).toBeGreaterThan(eauctionLots.length / 2)
    expect(eauctionLots.some((l) => l.order_end_offset_hours < 0)).toBe(true)
    expect(unique(eauctionLots.map((l) => l.lot_number)) && eauctionLots.every((l) => /^\d+$/.test(l.lot_number))).toBe(
      true,
    )
    expect(uzexLots.length).toBeGreaterThanOrEqual(12)
    expect(uzexLots.every((l) => l.products.length > 0 && ['UZS', 'USD'].includes(l.currency_name))).toBe(true)
  })
})
