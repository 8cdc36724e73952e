/**
 * Seeds the public content from `gateway/seed/*.json`: stable ids, replaced in place, search index rebuilt. Its places
 * are the reference catalogues, loaded as the bootstrap loads them (docs/operations.md#reference-catalogues), so the
 * demo seed and a deployment name every country, region and district by the same id.
 */
import { LOCALES } from '../../../../contract/locales'
import { bootstrapStatements } from '../../../reference/bootstrap'
import referenceCountries from '../../../reference/countries.json'
import referenceRegions from '../../../reference/regions.json'
import amounts from '../../../seed/amounts.json'
import eauctionLots from '../../../seed/eauction-lots.json'
import events from '../../../seed/events.json'
import galleries from '../../../seed/galleries.json'
import keyFigures from '../../../seed/key-figures.json'
import leadership from '../../../seed/leadership.json'
import pages from '../../../seed/pages.json'
import posts from '../../../seed/posts.json'
import projectCategories from '../../../seed/project-categories.json'
import projects from '../../../seed/projects.json'
import reviews from '../../../seed/reviews.json'
import sectors from '../../../seed/sectors.json'
import serviceCategories from '../../../seed/service-categories.json'
import services from '../../../seed/services.json'
import siteSettings from '../../../seed/site-settings.json'
import stories from '../../../seed/stories.json'
import territories from '../../../seed/territories.json'
import uzexLots from '../../../seed/uzex-lots.json'
import { searchText, toKeywords } from '../../lib/search-text'
import { excerpt, htmlToText, sanitizeUserHtml } from '../../lib/user-html'

import { countReferenceLoads, runSeedStatements, runSeedWrites, type SeedWrite } from './queries'

type L = { uz: string; ru: string; en: string }

/** The three language columns of a localised field: `{ x_uz, x_ru, x_en }`. */
const loc = (field: string, v: L | undefined) => ({
  [`${field}_uz`]: v?.uz ?? '',
  [`${field}_ru`]: v?.ru ?? '',
  [`${field}_en`]: v?.en ?? '',
})

/**
 * The seed's texts through the allow-list sanitiser once per isolate: the seed files do not change while it lives, and
 * sanitising them was half of every reset's time, which the worker tests pay once per file
 * (docs/performance.md#test-suite-time).
 */
const sanitised = new Map<string, Promise<string>>()
function sanitiseSeedHtml(html: string): Promise<string> {
  let clean = sanitised.get(html)
  if (!clean) {
    clean = sanitizeUserHtml(html)
    sanitised.set(html, clean)
  }
  return clean
}

/**
 * The three languages of a rich-text field, through the allow-list sanitiser (docs/gateway-contract.md: HTML is
 * sanitised by the gateway); promised values, resolved before the batch.
 */
const locHtml = (field: string, v: L | undefined) => ({
  [`${field}_uz`]: sanitiseSeedHtml(v?.uz ?? ''),
  [`${field}_ru`]: sanitiseSeedHtml(v?.ru ?? ''),
  [`${field}_en`]: sanitiseSeedHtml(v?.en ?? ''),
})

const kw = (...vs: (L | undefined)[]) => toKeywords(...vs.flatMap((v) => [v?.uz ?? '', v?.ru ?? '', v?.en ?? '']))

/** A row that replaces the one with its key. */
const put = (table: string, row: Record<string, unknown>): SeedWrite => ({ table, row, replace: true })
/** A row of a child table, rebuilt each run. */
const add = (table: string, row: Record<string, unknown>): SeedWrite => ({ table, row })

/** Resolves a seed cross-reference, failing with the file and field that name an unknown key. */
function lookup<K, V>(map: Map<K, V>, key: K, where: string): V {
  const value = map.get(key)
  if (value === undefined) throw new Error(`seed: ${where} names unknown ${String(key)}`)
  return value
}

/** A post's optional `files` (image names attached below the text); the seed format does not require them. */
function attachedFiles(post: object): string[] {
  return 'files' in post && Array.isArray(post.files)
    ? post.files.filter((f): f is string => typeof f === 'string')
    : []
}

/** Tashkent is UTC+5 all year (no DST): events are announced in local time. */
const TASHKENT_OFFSET_MS = 5 * 3_600_000

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A sector's page: its summary, key figures (a table) and the body. */
function sectorPageContent(s: (typeof sectors)[number], lang: keyof L): string {
  const rows = s.figures
    .map(
      (f) =>
        `<tr><th scope="row">${f.label[lang]}</th><td>${f.value.toLocaleString('en-US')} ${f.unit[lang]}</td><td>${f.year}</td></tr>`,
    )
    .join('')
  return `<p><strong>${s.summary[lang]}</strong></p><table><tbody>${rows}</tbody></table>${s.page[lang]}`
}

/** Child rows of seeded parents are rebuilt from the JSON each run. */
const REBUILT = [
  'search_index',
  'documents',
  'step_accordions',
  'step_groups',
  'service_steps',
  'service_processes',
  'project_category_services',
  'eauction_lot_images',
  'uzex_products',
  'gallery_images',
  'post_files',
]

/** Region ids by code (a region's id is its SOATO code) and sector ids by slug: how the seed files refer to them. */
const regionIds = () => new Map(referenceRegions.map((r) => [r.code, Number(r.code)]))
const sectorIds = () => new Map(sectors.map((s) => [s.slug, s.id]))

/**
 * The places: the reference catalogues, as the bootstrap loads them into a deployment. Once every entry is loaded a
 * rerun would change nothing, so the seed's restarts skip it.
 */
async function seedPlaces(db: D1Database, now: Date): Promise<void> {
  const entries = referenceCountries.length + referenceRegions.reduce((n, r) => n + 1 + r.districts.length, 0)
  if ((await countReferenceLoads(db)) >= entries) return
  await runSeedStatements(db, bootstrapStatements({ countries: referenceCountries, regions: referenceRegions }, now))
}

/** Territories, sectors and amount bands. */
function placesAndGuide(at: string): SeedWrite[] {
  const regionId = regionIds()
  const out: SeedWrite[] = []
  for (const t of territories)
    out.push(
      put('territories', {
        id: t.id,
        region_id: lookup(regionId, t.region_code, `territories.json #${t.id} region_code`),
        area: t.area,
        population: t.population,
        tourists: t.tourists,
        investment_projects: t.investment_projects,
        fdi_credits: t.fdi_credits,
        foreign_trade: t.foreign_trade,
        ...locHtml('presentation', t.presentation),
        updated_at: at,
      }),
    )
  for (const s of sectors)
    out.push(
      put('sectors', {
        id: s.id,
        slug: s.slug,
        position: s.id,
        ...loc('content', s.content),
        ...loc('tagline', s.tagline),
        ...locHtml('page', {
          uz: sectorPageContent(s, 'uz'),
          ru: sectorPageContent(s, 'ru'),
          en: sectorPageContent(s, 'en'),
        }),
        keywords: kw(s.content),
        updated_at: at,
      }),
    )
  for (const a of amounts)
    out.push(put('amounts', { id: a.id, ...loc('content', a.content), amount_from: a.from, amount_to: a.to ?? null }))
  return out
}

/** The home page's key figures. */
function figureRows(at: string): SeedWrite[] {
  return keyFigures.map((f, i) =>
    put('key_figures', {
      id: f.id,
      position: i,
      value: f.value,
      ...loc('unit', f.unit),
      ...loc('label', f.label),
      ...loc('source', f.source),
      updated_at: at,
    }),
  )
}

/** Posts with their files, galleries with their images, and stories. */
function media(at: string): SeedWrite[] {
  const out: SeedWrite[] = []
  for (const p of posts) {
    out.push(
      put('posts', {
        id: p.id,
        category: p.category,
        publish_date: p.publish_date,
        ...loc('title', p.title),
        ...locHtml('content', p.content),
        photo: p.photo,
        author_first_name: p.author.firstName,
        author_last_name: p.author.lastName,
        keywords: kw(p.title),
        updated_at: at,
      }),
    )
    for (const [i, name] of attachedFiles(p).entries())
      out.push(add('post_files', { post_id: p.id, position: i, name }))
  }
  for (const g of galleries) {
    out.push(
      put('galleries', {
        id: g.id,
        publish_date: g.publish_date,
        ...loc('title', g.title),
        ...loc('content', g.content),
        keywords: kw(g.title),
        updated_at: at,
      }),
    )
    for (const [i, img] of g.images.entries())
      out.push(add('gallery_images', { gallery_id: g.id, position: i, name: img.name, ...loc('caption', img.caption) }))
  }
  for (const s of stories)
    out.push(
      put('stories', {
        id: s.id,
        publish_date: s.publish_date,
        ...loc('title', s.title),
        ...loc('summary', s.summary),
        ...locHtml('content', s.content),
        photo: s.photo,
        keywords: kw(s.title),
        updated_at: at,
      }),
    )
  return out
}

/** Events, their days counted from `now` in Tashkent time. */
function eventRows(now: Date, at: string): SeedWrite[] {
  /** The Tashkent calendar day `days` from now, at local `hhmm`, as ms. */
  const localDay = (days: number, hhmm: string) => {
    const local = new Date(now.getTime() + TASHKENT_OFFSET_MS + days * DAY)
    const [h, m] = hhmm.split(':').map(Number)
    return (
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h ?? 0, m ?? 0) - TASHKENT_OFFSET_MS
    )
  }
  return events.map((e) => {
    const from = localDay(e.date_from_offset_days, e.time)
    return put('events', {
      id: e.id,
      date_from: new Date(from).toISOString(),
      date_to: new Date(Math.max(localDay(e.date_to_offset_days, '18:00'), from + 2 * HOUR)).toISOString(),
      time: e.time,
      ...loc('name', e.name),
      ...loc('location', e.location),
      ...locHtml('description', e.description),
      ...loc('agenda', e.agenda),
      photo: e.photo,
      keywords: kw(e.name),
      updated_at: at,
    })
  })
}

/** Leaders, reviews and the content pages. */
function people(at: string): SeedWrite[] {
  const out: SeedWrite[] = []
  for (const x of leadership)
    out.push(
      put('leaders', {
        id: x.id,
        ...loc('name', x.name),
        ...loc('surname', x.surname),
        ...loc('position', x.position),
        ...loc('bio', x.bio),
        ...loc('working_days', x.working_days),
        email: x.email,
        phone: x.phone,
        photo: x.photo,
      }),
    )
  for (const r of reviews)
    out.push(put('reviews', { id: r.id, ...loc('comment', r.comment), ...loc('author', r.author), photo: r.photo }))
  for (const p of allPages())
    out.push({
      table: 'pages',
      row: { slug: p.slug, ...loc('title', p.title), ...locHtml('content', p.content), updated_at: at },
      upsertOn: 'slug',
    })
  return out
}

function allPages() {
  return pages.map((p) => ({ slug: p.slug, title: p.title, content: p.content }))
}

type Step = (typeof services)[number]['processes'][number]['steps'][number]
type Document = { id: number; title: L; type: string }

/** A step with its document groups and accordions, and their documents. */
function stepRows(st: Step, processId: number, position: number): SeedWrite[] {
  const out: SeedWrite[] = [
    add('service_steps', {
      id: st.id,
      process_id: processId,
      position,
      ...loc('title', st.title),
      ...locHtml('content', st.content),
      upload: st.upload ?? null,
    }),
  ]
  const document = (d: Document, owner: { group_id: number | null; accordion_id: number | null }, i: number) =>
    add('documents', { id: d.id, ...owner, position: i, type: d.type, ...loc('title', d.title) })
  st.groups.forEach((g, gi) => {
    out.push(add('step_groups', { id: g.id, step_id: st.id, position: gi, icon: g.icon, ...loc('title', g.title) }))
    for (const [di, d] of g.documents.entries()) out.push(document(d, { group_id: g.id, accordion_id: null }, di))
  })
  st.accordions.forEach((a, ai) => {
    out.push(
      add('step_accordions', {
        id: a.id,
        step_id: st.id,
        position: ai,
        ...loc('title', a.title),
        ...locHtml('content', a.content),
      }),
    )
    for (const [di, d] of (a.documents as Document[]).entries())
      out.push(document(d, { group_id: null, accordion_id: a.id }, di))
  })
  return out
}

/** Service categories, services with their processes and steps, and project categories. */
function serviceCatalogue(at: string): SeedWrite[] {
  const out: SeedWrite[] = []
  for (const c of serviceCategories)
    out.push(
      put('service_categories', {
        id: c.id,
        parent_id: c.parent_id ?? null,
        position: c.order,
        icon: c.icon,
        ...loc('title', c.title),
        ...loc('description', c.description),
        updated_at: at,
      }),
    )
  for (const s of services) {
    out.push(
      put('services', {
        id: s.id,
        category_id: s.category_id,
        ...loc('title', s.title),
        ...loc('description', s.description),
        ...loc('info', s.info),
        link: s.link ?? null,
        upload: s.upload ?? null,
        online: s.online ? 1 : 0,
        is_external: s.is_external ? 1 : 0,
        keywords: kw(s.title),
        updated_at: at,
      }),
    )
    for (const pr of s.processes) {
      out.push(
        add('service_processes', {
          id: pr.id,
          service_id: s.id,
          position: pr.order,
          icon: pr.icon,
          ...loc('title', pr.title),
          ...loc('description', pr.description),
        }),
      )
      for (const [si, st] of pr.steps.entries()) out.push(...stepRows(st, pr.id, si))
    }
  }
  out.push(...projectCategoryRows(at, { withServices: true }))
  return out
}

/** The project categories, and (`withServices`) the services each links to. */
function projectCategoryRows(at: string, { withServices }: { withServices: boolean }): SeedWrite[] {
  const out: SeedWrite[] = []
  for (const c of projectCategories) {
    out.push(
      put('project_categories', {
        id: c.id,
        position: c.order,
        icon: c.icon,
        ...loc('title', c.title),
        ...loc('description', c.description),
        upload: c.upload ?? null,
        keywords: kw(c.title),
        updated_at: at,
      }),
    )
    if (!withServices) continue
    for (const [i, sid] of c.service_ids.entries())
      out.push(add('project_category_services', { category_id: c.id, service_id: sid, position: i }))
  }
  return out
}

/** The catalogue's projects. */
function catalogueProjects(at: string): SeedWrite[] {
  const regionId = regionIds()
  const sectorId = sectorIds()
  return projects.map((p) =>
    put('projects', {
      id: p.id,
      category_id: p.category_id,
      sector_id: lookup(sectorId, p.sector_slug, `projects.json #${p.id} sector_slug`),
      region_id: lookup(regionId, p.region_code, `projects.json #${p.id} region_code`),
      ...loc('title', p.title),
      ...locHtml('content', p.content),
      icon: p.icon,
      budget: p.budget,
      status: p.status,
      upload: p.upload ?? null,
      latitude: p.latitude,
      longitude: p.longitude,
      pp: p.pp,
      irr: p.irr,
      npv: p.npv,
      email: p.email,
      phone: p.phone,
      keywords: kw(p.title),
      updated_at: at,
    }),
  )
}

/** E-auction lots with their images and UzEx lots with their products, their times counted from `hourBase`. */
function lots(hourBase: number, at: string): SeedWrite[] {
  const iso = (offsetMs: number) => new Date(hourBase + offsetMs).toISOString()
  const regionId = regionIds()
  const out: SeedWrite[] = []
  for (const lot of eauctionLots) {
    out.push(
      put('eauction_lots', {
        order_id: lot.order_id,
        lot_number: lot.lot_number,
        ...loc('property_name', lot.property_name),
        ...loc('property_group', lot.property_group),
        ...loc('property_category', lot.property_category),
        ...loc('address', lot.address),
        ...loc('lot_status', lot.lot_status),
        region_id: lookup(regionId, lot.region_code, `eauction-lots.json #${lot.order_id} region_code`),
        area: lot.area,
        image: lot.image,
        start_price: lot.start_price,
        zakalad_percent: lot.zakalad_percent,
        auction_start_time: iso(lot.auction_start_offset_hours * HOUR),
        order_end_time: iso(lot.order_end_offset_hours * HOUR),
        is_tern_payment: lot.is_tern_payment ? 1 : 0,
        term_month: lot.term_month ?? null,
        customer_name: lot.customer_name,
        customer_phone: lot.customer_phone,
        customer_email: lot.customer_email,
        lat: lot.lat,
        lng: lot.lng,
        view_count: lot.view_count,
        updated_at: at,
      }),
    )
    for (const [i, name] of lot.images.entries())
      out.push(add('eauction_lot_images', { order_id: lot.order_id, position: i, name }))
  }
  for (const lot of uzexLots) {
    out.push(
      put('uzex_lots', {
        lot_id: lot.lot_id,
        lot_number: lot.lot_number,
        ...loc('proposal_name', lot.proposal_name),
        ...loc('customer_region', lot.customer_region),
        ...loc('trade_type', lot.trade_type),
        customer: lot.customer,
        start_cost: lot.start_cost,
        currency_name: lot.currency_name,
        start_date: iso(lot.start_offset_hours * HOUR),
        end_date: iso(lot.end_offset_hours * HOUR),
      }),
    )
    for (const p of lot.products)
      out.push(
        add('uzex_products', {
          lot_id: lot.lot_id,
          position: p.order,
          ...loc('name', p.name),
          ...loc('info', p.info),
          number: p.number,
          price_unit: p.price_unit,
        }),
      )
  }
  return out
}

/** Several texts of one item as one body, per language. */
const joined = (...texts: (L | undefined)[]): L => ({
  uz: texts.map((t) => t?.uz ?? '').join(' '),
  ru: texts.map((t) => t?.ru ?? '').join(' '),
  en: texts.map((t) => t?.en ?? '').join(' '),
})

/**
 * The search index: one FTS row per item and language, matching on the language's search text (transliterated on uz,
 * stemmed on ru), showing the original.
 */
function searchRows(): SeedWrite[] {
  const out: SeedWrite[] = []
  const index = (kind: string, id: number | string, title: L, body: L, path: string) => {
    for (const lang of LOCALES) {
      const text = htmlToText(body[lang])
      out.push(
        add('search_index', {
          title: searchText(title[lang], lang),
          body: text.then((t) => searchText(t, lang)),
          kind,
          ref_id: id,
          lang,
          display_title: title[lang],
          description: text.then(excerpt),
          path,
        }),
      )
    }
  }
  for (const p of posts) index('posts', p.id, p.title, p.content, `/post/${p.id}`)
  for (const e of events) index('events', e.id, e.name, e.description, `/event/${e.id}`)
  for (const g of galleries) index('gallery', g.id, g.title, g.content, `/gallery/${g.id}`)
  for (const s of stories) index('stories', s.id, s.title, s.content, `/story/${s.id}`)
  for (const p of pages) {
    const path = p.slug.startsWith('reason-')
      ? `/reason/${p.slug.slice(7)}`
      : p.slug.startsWith('guide-')
        ? `/guide/${p.slug.slice(6)}`
        : `/${p.slug}`
    index('pages', p.slug, p.title, p.content, path)
  }
  for (const s of sectors) index('sectors', s.slug, s.content, joined(s.summary, s.page), `/guide/explore/${s.slug}`)
  for (const p of projects) index('projects', p.id, p.title, p.content, `/guide/project/${p.id}`)
  for (const s of services) index('services', s.id, s.title, joined(s.description, s.info), `/service/${s.id}`)
  for (const lot of eauctionLots)
    index(
      'lots',
      lot.lot_number,
      lot.property_name,
      joined(lot.property_group, lot.property_category, lot.address),
      `/service/e-auction/${lot.lot_number}`,
    )
  return out
}

/** Writes every content seed file to D1 (rows replaced by stable id, child rows rebuilt, search index rebuilt); times count from `now`. */
export async function seedContent(env: Env, now: Date): Promise<Record<string, number>> {
  const at = now.toISOString()
  // Lots count from the start of the current hour, so their times are round and countdowns stay live.
  const hourBase = Math.floor(now.getTime() / HOUR) * HOUR
  await seedPlaces(env.DB, now)
  const writes: SeedWrite[] = [
    ...REBUILT.map((table) => ({ clear: table })),
    ...placesAndGuide(at),
    ...figureRows(at),
    ...media(at),
    ...eventRows(now, at),
    ...people(at),
    ...serviceCatalogue(at),
    ...catalogueProjects(at),
    ...lots(hourBase, at),
    ...searchRows(),
    // Local mode's contacts, as the agency's operators set theirs (docs/gateway-contract.md#site-settings).
    put('site_settings', {
      id: 1,
      phone: siteSettings.phone,
      email: siteSettings.email,
      ...loc('address', siteSettings.address),
      ...loc('hours', siteSettings.hours),
      map_url: siteSettings.map_url,
      socials_json: JSON.stringify(siteSettings.socials),
      updated_at: at,
    }),
    put('seed_meta', { key: 'seeded_at', value: at }),
  ]
  await runSeedWrites(env.DB, writes)
  await runSeedStatements(env.DB, guideLinkStatements(at))
  return {
    statements: writes.length,
    posts: posts.length,
    events: events.length,
    projects: projects.length,
    pages: allPages().length,
  }
}

/** The investor guide's links to content pages (the menu's and the footer's), each naming its page by slug. */
function guideLinkStatements(at: string) {
  return siteSettings.guide_links.map((link, i) => ({
    sql: `INSERT OR REPLACE INTO guide_links (id, position, page_id, label_uz, label_ru, label_en, updated_at)
          SELECT ?, ?, id, ?, ?, ?, ? FROM pages WHERE slug = ?`,
    args: [i + 1, i, link.label.uz, link.label.ru, link.label.en, at, link.slug],
  }))
}

/**
 * Only the records other records refer to, which the gateway looks up in D1 (docs/gateway-contract.md#reference-gateway):
 * regions and their districts, countries, territories, sectors, amount bands, project categories and events. The
 * gateway's tests start each file with these.
 */
export async function seedReferences(env: Env, now: Date): Promise<void> {
  const at = now.toISOString()
  await seedPlaces(env.DB, now)
  await runSeedWrites(env.DB, [
    ...placesAndGuide(at),
    ...eventRows(now, at),
    ...projectCategoryRows(at, { withServices: false }),
  ])
}
