/** Seeds the public content from `gateway/seed/*.json`: stable ids, replaced in place, search index rebuilt. */

import { LOCALES } from '../../../../contract/locales'
import amounts from '../../../seed/amounts.json'
import countries from '../../../seed/countries.json'
import eauctionLots from '../../../seed/eauction-lots.json'
import events from '../../../seed/events.json'
import galleries from '../../../seed/galleries.json'
import leadership from '../../../seed/leadership.json'
import pages from '../../../seed/pages.json'
import posts from '../../../seed/posts.json'
import projectCategories from '../../../seed/project-categories.json'
import projects from '../../../seed/projects.json'
import regions from '../../../seed/regions.json'
import reviews from '../../../seed/reviews.json'
import sectorPages from '../../../seed/sector-pages.json'
import sectors from '../../../seed/sectors.json'
import serviceCategories from '../../../seed/service-categories.json'
import services from '../../../seed/services.json'
import siteSettings from '../../../seed/site-settings.json'
import stories from '../../../seed/stories.json'
import territories from '../../../seed/territories.json'
import uzexLots from '../../../seed/uzex-lots.json'
import { searchText, toKeywords } from '../../lib/search-text'
import { excerpt, htmlToText, sanitizeUserHtml } from '../../lib/user-html'

type L = { uz: string; ru: string; en: string }

/** The three language columns of a localised field, in the order `x_uz, x_ru, x_en`. */
const l3 = (v: L | undefined) => [v?.uz ?? '', v?.ru ?? '', v?.en ?? '']
const cols3 = (field: string) => `${field}_uz, ${field}_ru, ${field}_en`
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')
const kw = (...vs: (L | undefined)[]) => toKeywords(...vs.flatMap((v) => l3(v)))
/**
 * The three languages of a rich-text field, through the allow-list sanitiser (docs/gateway-contract.md: HTML is
 * sanitised by the gateway); asynchronous, so `add` takes promised values.
 */
const html3 = (v: L | undefined) => l3(v).map(sanitizeUserHtml)

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

/** Sector pages are served as pages `sector-{slug}`: summary, key figures (a table) and the body. */
function sectorPageContent(s: (typeof sectorPages)[number], lang: keyof L): string {
  const rows = s.figures
    .map(
      (f) =>
        `<tr><th scope="row">${f.label[lang]}</th><td>${f.value.toLocaleString('en-US')} ${f.unit[lang]}</td><td>${f.year}</td></tr>`,
    )
    .join('')
  return `<p><strong>${s.summary[lang]}</strong></p><table><tbody>${rows}</tbody></table>${s.content[lang]}`
}

/** Writes every content seed file to D1 (rows replaced by stable id, child rows rebuilt, search index rebuilt); times count from `now`. */
export async function seedContent(env: Env, now: Date): Promise<Record<string, number>> {
  const db = env.DB
  const at = now.toISOString()
  // Lots count from the start of the current hour, so their times are round and countdowns stay live.
  const hourBase = Math.floor(now.getTime() / HOUR) * HOUR
  const iso = (offsetMs: number) => new Date(hourBase + offsetMs).toISOString()
  /** The Tashkent calendar day `days` from now, at local `hhmm`, as a UTC ISO string. */
  const localDay = (days: number, hhmm: string) => {
    const local = new Date(now.getTime() + TASHKENT_OFFSET_MS + days * DAY)
    const [h, m] = hhmm.split(':').map(Number)
    return (
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h ?? 0, m ?? 0) - TASHKENT_OFFSET_MS
    )
  }
  // Statements in the order they are added; a value may be a promise (sanitised HTML), resolved before the batch.
  const stmts: Promise<D1PreparedStatement>[] = []
  const add = (sql: string, ...args: unknown[]): void => {
    stmts.push(Promise.all(args).then((values) => db.prepare(sql).bind(...values)))
  }

  // Child rows of seeded parents are rebuilt from the JSON each run.
  for (const t of [
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
    'districts',
  ])
    add(`DELETE FROM ${t}`)

  for (const r of regions) {
    add(
      `INSERT OR REPLACE INTO regions (id, code, ${cols3('region')}, keywords) VALUES (?, ?, ${marks(3)}, ?)`,
      r.id,
      r.code,
      ...l3(r.region),
      kw(r.region),
    )
    for (const d of r.districts)
      add(
        `INSERT OR REPLACE INTO districts (id, region_id, mhobt, ${cols3('name')}, keywords) VALUES (?, ?, ?, ${marks(3)}, ?)`,
        d.id,
        r.id,
        d.mhobt,
        ...l3(d.name),
        kw(d.name),
      )
  }
  const regionId = new Map(regions.map((r) => [r.code, r.id]))
  for (const c of countries)
    add(
      `INSERT OR REPLACE INTO countries (id, code, ${cols3('country')}, keywords) VALUES (?, ?, ${marks(3)}, ?)`,
      c.id,
      c.code,
      ...l3(c.country),
      kw(c.country),
    )
  for (const t of territories) {
    add(
      `INSERT OR REPLACE INTO territories (id, region_id, area, population, tourists, investment_projects, fdi_credits, foreign_trade, ${cols3('presentation')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${marks(3)})`,
      t.id,
      lookup(regionId, t.region_code, `territories.json #${t.id} region_code`),
      t.area,
      t.population,
      t.tourists,
      t.investment_projects,
      t.fdi_credits,
      t.foreign_trade,
      ...html3(t.presentation),
    )
  }
  for (const s of sectors)
    add(
      `INSERT OR REPLACE INTO sectors (id, slug, ${cols3('content')}, keywords, updated_at) VALUES (?, ?, ${marks(3)}, ?, ?)`,
      s.id,
      s.slug,
      ...l3(s.content),
      kw(s.content),
      at,
    )
  const sectorId = new Map(sectors.map((s) => [s.slug, s.id]))
  for (const a of amounts)
    add(
      `INSERT OR REPLACE INTO amounts (id, ${cols3('content')}, amount_from, amount_to) VALUES (?, ${marks(3)}, ?, ?)`,
      a.id,
      ...l3(a.content),
      a.from,
      a.to ?? null,
    )

  for (const p of posts) {
    add(
      `INSERT OR REPLACE INTO posts (id, category, publish_date, ${cols3('title')}, ${cols3('content')}, photo, author_first_name, author_last_name, keywords, updated_at) VALUES (?, ?, ?, ${marks(6)}, ?, ?, ?, ?, ?)`,
      p.id,
      p.category,
      p.publish_date,
      ...l3(p.title),
      ...html3(p.content),
      p.photo,
      p.author.firstName,
      p.author.lastName,
      kw(p.title),
      at,
    )
    for (const [i, name] of attachedFiles(p).entries()) {
      add('INSERT INTO post_files (post_id, position, name) VALUES (?, ?, ?)', p.id, i, name)
    }
  }
  for (const g of galleries) {
    add(
      `INSERT OR REPLACE INTO galleries (id, publish_date, ${cols3('title')}, ${cols3('content')}, keywords, updated_at) VALUES (?, ?, ${marks(6)}, ?, ?)`,
      g.id,
      g.publish_date,
      ...l3(g.title),
      ...l3(g.content),
      kw(g.title),
      at,
    )
    for (const [i, img] of g.images.entries()) {
      add(
        `INSERT INTO gallery_images (gallery_id, position, name, ${cols3('caption')}) VALUES (?, ?, ?, ${marks(3)})`,
        g.id,
        i,
        img.name,
        ...l3(img.caption),
      )
    }
  }
  for (const e of events) {
    const from = localDay(e.date_from_offset_days, e.time)
    add(
      `INSERT OR REPLACE INTO events (id, date_from, date_to, time, ${cols3('name')}, ${cols3('location')}, ${cols3('description')}, ${cols3('agenda')}, photo, keywords, updated_at) VALUES (?, ?, ?, ?, ${marks(12)}, ?, ?, ?)`,
      e.id,
      new Date(from).toISOString(),
      new Date(Math.max(localDay(e.date_to_offset_days, '18:00'), from + 2 * HOUR)).toISOString(),
      e.time,
      ...l3(e.name),
      ...l3(e.location),
      ...html3(e.description),
      ...l3(e.agenda),
      e.photo,
      kw(e.name),
      at,
    )
  }
  for (const s of stories) {
    add(
      `INSERT OR REPLACE INTO stories (id, publish_date, ${cols3('title')}, ${cols3('summary')}, ${cols3('content')}, photo, keywords, updated_at) VALUES (?, ?, ${marks(9)}, ?, ?, ?)`,
      s.id,
      s.publish_date,
      ...l3(s.title),
      ...l3(s.summary),
      ...html3(s.content),
      s.photo,
      kw(s.title),
      at,
    )
  }
  for (const x of leadership) {
    add(
      `INSERT OR REPLACE INTO leaders (id, ${cols3('name')}, ${cols3('surname')}, ${cols3('position')}, ${cols3('bio')}, ${cols3('working_days')}, email, phone, photo) VALUES (?, ${marks(15)}, ?, ?, ?)`,
      x.id,
      ...l3(x.name),
      ...l3(x.surname),
      ...l3(x.position),
      ...l3(x.bio),
      ...l3(x.working_days),
      x.email,
      x.phone,
      x.photo,
    )
  }
  for (const r of reviews)
    add(
      `INSERT OR REPLACE INTO reviews (id, ${cols3('comment')}, ${cols3('author')}, photo) VALUES (?, ${marks(6)}, ?)`,
      r.id,
      ...l3(r.comment),
      ...l3(r.author),
      r.photo,
    )

  const allPages = [
    ...pages.map((p) => ({ slug: p.slug, title: p.title, content: p.content })),
    ...sectorPages.map((s) => ({
      slug: `sector-${s.slug}`,
      title: s.title,
      content: { uz: sectorPageContent(s, 'uz'), ru: sectorPageContent(s, 'ru'), en: sectorPageContent(s, 'en') },
    })),
  ]
  allPages.forEach((p) => {
    add(
      `INSERT INTO pages (slug, ${cols3('title')}, ${cols3('content')}, updated_at) VALUES (?, ${marks(6)}, ?)
         ON CONFLICT (slug) DO UPDATE SET title_uz = excluded.title_uz, title_ru = excluded.title_ru, title_en = excluded.title_en,
         content_uz = excluded.content_uz, content_ru = excluded.content_ru, content_en = excluded.content_en, updated_at = excluded.updated_at`,
      p.slug,
      ...l3(p.title),
      ...html3(p.content),
      at,
    )
  })

  for (const c of serviceCategories) {
    add(
      `INSERT OR REPLACE INTO service_categories (id, parent_id, position, icon, ${cols3('title')}, ${cols3('description')}, updated_at) VALUES (?, ?, ?, ?, ${marks(6)}, ?)`,
      c.id,
      c.parent_id ?? null,
      c.order,
      c.icon,
      ...l3(c.title),
      ...l3(c.description),
      at,
    )
  }
  for (const s of services) {
    add(
      `INSERT OR REPLACE INTO services (id, category_id, ${cols3('title')}, ${cols3('description')}, ${cols3('info')}, link, upload, online, is_external, keywords, updated_at) VALUES (?, ?, ${marks(9)}, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.category_id,
      ...l3(s.title),
      ...l3(s.description),
      ...l3(s.info),
      s.link ?? null,
      s.upload ?? null,
      s.online ? 1 : 0,
      s.is_external ? 1 : 0,
      kw(s.title),
      at,
    )
    for (const pr of s.processes) {
      add(
        `INSERT INTO service_processes (id, service_id, position, icon, ${cols3('title')}, ${cols3('description')}) VALUES (?, ?, ?, ?, ${marks(6)})`,
        pr.id,
        s.id,
        pr.order,
        pr.icon,
        ...l3(pr.title),
        ...l3(pr.description),
      )
      pr.steps.forEach((st, si) => {
        add(
          `INSERT INTO service_steps (id, process_id, position, ${cols3('title')}, ${cols3('content')}, upload) VALUES (?, ?, ?, ${marks(6)}, ?)`,
          st.id,
          pr.id,
          si,
          ...l3(st.title),
          ...html3(st.content),
          st.upload ?? null,
        )
        st.groups.forEach((g, gi) => {
          add(
            `INSERT INTO step_groups (id, step_id, position, icon, ${cols3('title')}) VALUES (?, ?, ?, ?, ${marks(3)})`,
            g.id,
            st.id,
            gi,
            g.icon,
            ...l3(g.title),
          )
          for (const [di, d] of g.documents.entries()) {
            add(
              `INSERT INTO documents (id, group_id, accordion_id, position, type, ${cols3('title')}) VALUES (?, ?, NULL, ?, ?, ${marks(3)})`,
              d.id,
              g.id,
              di,
              d.type,
              ...l3(d.title),
            )
          }
        })
        st.accordions.forEach((a, ai) => {
          add(
            `INSERT INTO step_accordions (id, step_id, position, ${cols3('title')}, ${cols3('content')}) VALUES (?, ?, ?, ${marks(6)})`,
            a.id,
            st.id,
            ai,
            ...l3(a.title),
            ...html3(a.content),
          )
          for (const [di, d] of (a.documents as { id: number; title: L; type: string }[]).entries()) {
            add(
              `INSERT INTO documents (id, group_id, accordion_id, position, type, ${cols3('title')}) VALUES (?, NULL, ?, ?, ?, ${marks(3)})`,
              d.id,
              a.id,
              di,
              d.type,
              ...l3(d.title),
            )
          }
        })
      })
    }
  }
  for (const c of projectCategories) {
    add(
      `INSERT OR REPLACE INTO project_categories (id, position, icon, ${cols3('title')}, ${cols3('description')}, upload, keywords, updated_at) VALUES (?, ?, ?, ${marks(6)}, ?, ?, ?)`,
      c.id,
      c.order,
      c.icon,
      ...l3(c.title),
      ...l3(c.description),
      c.upload ?? null,
      kw(c.title),
      at,
    )
    for (const [i, sid] of c.service_ids.entries()) {
      add('INSERT INTO project_category_services (category_id, service_id, position) VALUES (?, ?, ?)', c.id, sid, i)
    }
  }
  for (const p of projects) {
    add(
      `INSERT OR REPLACE INTO projects (id, category_id, sector_id, region_id, ${cols3('title')}, ${cols3('content')}, icon, budget, status, upload, latitude, longitude, pp, irr, npv, email, phone, keywords, updated_at)
       VALUES (?, ?, ?, ?, ${marks(6)}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      p.id,
      p.category_id,
      lookup(sectorId, p.sector_slug, `projects.json #${p.id} sector_slug`),
      lookup(regionId, p.region_code, `projects.json #${p.id} region_code`),
      ...l3(p.title),
      ...html3(p.content),
      p.icon,
      p.budget,
      p.status,
      p.upload ?? null,
      p.latitude,
      p.longitude,
      p.pp,
      p.irr,
      p.npv,
      p.email,
      p.phone,
      kw(p.title),
      at,
    )
  }
  for (const lot of eauctionLots) {
    add(
      `INSERT OR REPLACE INTO eauction_lots (order_id, lot_number, ${cols3('property_name')}, ${cols3('property_group')}, ${cols3('property_category')}, ${cols3('address')}, ${cols3('lot_status')},
        region_id, area, image, start_price, zakalad_percent, auction_start_time, order_end_time, is_tern_payment, term_month, customer_name, customer_phone, customer_email, lat, lng, view_count, updated_at)
       VALUES (?, ?, ${marks(15)}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      lot.order_id,
      lot.lot_number,
      ...l3(lot.property_name),
      ...l3(lot.property_group),
      ...l3(lot.property_category),
      ...l3(lot.address),
      ...l3(lot.lot_status),
      lookup(regionId, lot.region_code, `eauction-lots.json #${lot.order_id} region_code`),
      lot.area,
      lot.image,
      lot.start_price,
      lot.zakalad_percent,
      iso(lot.auction_start_offset_hours * HOUR),
      iso(lot.order_end_offset_hours * HOUR),
      lot.is_tern_payment ? 1 : 0,
      lot.term_month ?? null,
      lot.customer_name,
      lot.customer_phone,
      lot.customer_email,
      lot.lat,
      lot.lng,
      lot.view_count,
      at,
    )
    for (const [i, name] of lot.images.entries()) {
      add('INSERT INTO eauction_lot_images (order_id, position, name) VALUES (?, ?, ?)', lot.order_id, i, name)
    }
  }
  for (const lot of uzexLots) {
    add(
      `INSERT OR REPLACE INTO uzex_lots (lot_id, lot_number, ${cols3('proposal_name')}, ${cols3('customer_region')}, ${cols3('trade_type')}, customer, start_cost, currency_name, start_date, end_date)
       VALUES (?, ?, ${marks(9)}, ?, ?, ?, ?, ?)`,
      lot.lot_id,
      lot.lot_number,
      ...l3(lot.proposal_name),
      ...l3(lot.customer_region),
      ...l3(lot.trade_type),
      lot.customer,
      lot.start_cost,
      lot.currency_name,
      iso(lot.start_offset_hours * HOUR),
      iso(lot.end_offset_hours * HOUR),
    )
    for (const p of lot.products) {
      add(
        `INSERT INTO uzex_products (lot_id, position, ${cols3('name')}, ${cols3('info')}, number, price_unit) VALUES (?, ?, ${marks(6)}, ?, ?)`,
        lot.lot_id,
        p.order,
        ...l3(p.name),
        ...l3(p.info),
        p.number,
        p.price_unit,
      )
    }
  }

  // Search: one FTS row per item and language, matching on the language's search text (transliterated on uz, stemmed
  // on ru), showing the original.
  const index = (kind: string, id: number | string, title: L, body: L, path: string) => {
    for (const lang of LOCALES) {
      const text = htmlToText(body[lang])
      add(
        'INSERT INTO search_index (title, body, kind, ref_id, lang, display_title, description, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        searchText(title[lang], lang),
        text.then((t) => searchText(t, lang)),
        kind,
        id,
        lang,
        title[lang],
        text.then(excerpt),
        path,
      )
    }
  }
  /** Several texts of one item as one body, per language. */
  const joined = (...texts: (L | undefined)[]): L => ({
    uz: texts.map((t) => t?.uz ?? '').join(' '),
    ru: texts.map((t) => t?.ru ?? '').join(' '),
    en: texts.map((t) => t?.en ?? '').join(' '),
  })
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
  for (const s of sectorPages)
    index('sectors', s.slug, s.title, joined(s.summary, s.content), `/guide/explore/${s.slug}`)
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

  // Local mode's contacts, as the agency's operators set theirs (docs/gateway-contract.md#site-settings).
  add(
    `INSERT OR REPLACE INTO site_settings (id, phone, email, address_uz, address_ru, address_en, map_url, socials_json,
       updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`,
    siteSettings.phone,
    siteSettings.email,
    ...l3(siteSettings.address),
    siteSettings.map_url,
    JSON.stringify(siteSettings.socials),
    at,
  )

  add('INSERT OR REPLACE INTO seed_meta (key, value) VALUES (?, ?)', 'seeded_at', at)

  // D1 runs a batch as one transaction; chunks keep each under the statement limits.
  const statements = await Promise.all(stmts)
  for (let i = 0; i < statements.length; i += 400) await db.batch(statements.slice(i, i + 400))
  return {
    statements: stmts.length,
    posts: posts.length,
    events: events.length,
    projects: projects.length,
    pages: allPages.length,
  }
}
