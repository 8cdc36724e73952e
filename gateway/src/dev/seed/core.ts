/** Seeds the account side: demo accounts (with a few demo appeals and projects), appeal topics, personal services. */

import type { Locale } from '../../../../contract/locales'
import countries from '../../../reference/countries.json'
import regions from '../../../reference/regions.json'
import accounts from '../../../seed/accounts.json'
import appealTopics from '../../../seed/appeal-topics.json'
import personalServices from '../../../seed/personal-services.json'
import { createNotification, notificationLinks } from '../../areas/notifications/notify'
import { createAccount, type ProfileFields } from '../../areas/profile/accounts'
import type { Role } from '../../lib/context'
import { accountExists, insertReturningId, runSeedWrites, type SeedWrite } from './queries'

type L = Record<Locale, string>

type AccountSeed = {
  email: string
  password: string | null
  role: string
  is_resident: boolean
  profile: Record<string, unknown> & {
    country?: { code: string } | null
    region?: { code: number | string } | null
  }
  oneid?: { pin: string }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The id of the country with an ISO alpha-2 code (seed accounts name countries by code): its ISO numeric code, as the
 * reference catalogue loads it (docs/operations.md#reference-catalogues).
 */
function findCountryIdByCode(code: string): number | null {
  const country = countries.find((c) => c.code.toUpperCase() === code.toUpperCase())
  return country ? Number(country.numeric) : null
}

/** The id of the region with a SOATO code: the code itself, when the catalogue has it. */
function findRegionIdByCode(code: string | number): number | null {
  return regions.some((r) => r.code === String(code)) ? Number(code) : null
}

/** Regions the demo history names: Navoiy, Tashkent city, Tashkent region. */
const NAVOIY = 1712
const TASHKENT_CITY = 1726
const TASHKENT_REGION = 1727

function toProfileFields(p: AccountSeed['profile']): ProfileFields {
  return {
    name: str(p.name),
    surname: str(p.surname),
    phone: str(p.phone),
    pin: str(p.pin) || null,
    tin: str(p.tin),
    country_id: p.country ? findCountryIdByCode(p.country.code) : null,
    website: str(p.website),
    position: str(p.position),
    company_name: str(p.company_name),
    contact_person: str(p.contact_person),
    legal_address: str(p.legal_address),
    source: str(p.source),
    comments: str(p.comments),
    region_id: p.region ? findRegionIdByCode(p.region.code) : null,
  }
}

/** Appeal topics and their types, by their stable ids, in the seed's order. */
function appealTopicRows(): SeedWrite[] {
  const topics = appealTopics as { id: number; title: L; children: { id: number; title: L }[] }[]
  const row = (id: number, parentId: number | null, title: L, position: number): SeedWrite => ({
    table: 'appeal_topics',
    row: { id, parent_id: parentId, title_uz: title.uz, title_ru: title.ru, title_en: title.en, position },
    upsertOn: 'id',
  })
  return topics.flatMap((t, i) => [
    row(t.id, null, t.title, i),
    ...t.children.map((ch, j) => row(ch.id, t.id, ch.title, j)),
  ])
}

/** The personal services, by their stable ids. */
function personalServiceRows(): SeedWrite[] {
  type ServiceSeed = { id: number; type: string; title: L; description: L; handler: string | null; params: unknown[] }
  return (personalServices as ServiceSeed[]).map((s) => ({
    table: 'personal_services',
    row: {
      id: s.id,
      type: s.type,
      title_uz: s.title.uz,
      title_ru: s.title.ru,
      title_en: s.title.en,
      description_uz: s.description.uz,
      description_ru: s.description.ru,
      description_en: s.description.en,
      handler: s.handler,
      params_json: JSON.stringify(s.params),
    },
    upsertOn: 'id',
  }))
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86400_000).toISOString()

/** Demo appeals of a new non-resident account: one answered, one waiting; answers their ids. */
async function seedDemoAppeals(db: D1Database, userId: number, role: Role, now: Date) {
  const reviewedText =
    role === 'investor'
      ? 'We plan a 12 MW solar plant near Navoi and need guidance on the land allocation procedure for foreign investors and the grid connection timeline.'
      : 'Our construction materials plant in Tashkent region is waiting for a customs decision on imported equipment for more than 40 days. Please advise who can speed this up.'
  const pendingText =
    role === 'investor'
      ? 'Which tax incentives apply to renewable energy projects in free economic zones, and can they be combined with the investment subsidy?'
      : 'We would like to know whether VAT on imported technological equipment can be deferred for a new production line.'
  // Topic/type pairs come from the seed file, so the demo history follows its ids.
  const topics = appealTopics as { id: number; children: { id: number }[] }[]
  const first = topics[0]!
  const second = topics[1 % topics.length]!
  const [reviewedTopic, reviewedType] =
    role === 'investor'
      ? [second.id, second.children[0]!.id]
      : [first.id, first.children[1 % first.children.length]!.id]
  const reviewedId = await insertReturningId(db, 'appeals', {
    user_id: userId,
    topic_id: reviewedTopic,
    type_id: reviewedType,
    region_id: role === 'investor' ? NAVOIY : TASHKENT_REGION,
    text: reviewedText,
    status: 'reviewed',
    created_at: daysAgo(now, 12),
    updated_at: daysAgo(now, 9),
  })
  const reply =
    role === 'investor'
      ? 'Land for renewable energy projects is allocated through an e-auction or by a government decision. Your request has been forwarded to the regional investment department, which will contact you within 10 working days.'
      : 'Your request has been forwarded to the customs committee. The decision on the equipment is expected within 5 working days; you may reply here if it is delayed further.'
  const response = { appeal_id: reviewedId, admin: 'Moderator', owner: 0, response: reply, created: daysAgo(now, 9) }
  await runSeedWrites(db, [{ table: 'appeal_responses', row: response }])
  const pendingId = await insertReturningId(db, 'appeals', {
    user_id: userId,
    topic_id: first.id,
    type_id: first.children[0]!.id,
    region_id: TASHKENT_CITY,
    text: pendingText,
    status: 'in_moderation',
    created_at: daysAgo(now, 2),
    updated_at: daysAgo(now, 2),
  })
  return { reviewedId, pendingId }
}

/** A demo project of a new non-resident account, approved, with its budget lines; answers its id and title. */
async function seedDemoProject(db: D1Database, userId: number, role: Role, now: Date) {
  const investor = role === 'investor'
  const title: L = investor
    ? {
        en: 'Rooftop solar for industrial parks',
        ru: 'Крышные солнечные станции для промышленных парков',
        uz: 'Sanoat parklari uchun tom quyosh stansiyalari',
      }
    : {
        en: 'Precast concrete panel plant',
        ru: 'Завод сборных железобетонных панелей',
        uz: 'Yig‘ma temir-beton panellar zavodi',
      }
  const content: L = investor
    ? {
        en: '<p>Installation of 4 MW of rooftop photovoltaic capacity on warehouses of two industrial parks, with a 15-year power purchase agreement.</p>',
        ru: '<p>Установка 4 МВт крышных фотоэлектрических мощностей на складах двух промышленных парков с договором купли-продажи электроэнергии на 15 лет.</p>',
        uz: '<p>Ikki sanoat parkining omborlari tomiga 4 MVt quvvatli fotoelektr panellarini o‘rnatish, 15 yillik elektr energiyasi xarid shartnomasi bilan.</p>',
      }
    : {
        en: '<p>A plant producing 120 000 m² of precast concrete wall panels per year for residential construction in Tashkent region.</p>',
        ru: '<p>Завод мощностью 120 000 м² сборных железобетонных стеновых панелей в год для жилищного строительства в Ташкентской области.</p>',
        uz: '<p>Toshkent viloyatida uy-joy qurilishi uchun yiliga 120 000 m² yig‘ma temir-beton devor panellari ishlab chiqaradigan zavod.</p>',
      }
  const projectId = await insertReturningId(db, 'personal_projects', {
    user_id: userId,
    title_uz: title.uz,
    title_ru: title.ru,
    title_en: title.en,
    content_uz: content.uz,
    content_ru: content.ru,
    content_en: content.en,
    category_id: 1,
    sector_id: investor ? 1 : 13,
    region_id: investor ? TASHKENT_CITY : TASHKENT_REGION,
    budget: investor ? 3_200_000 : 7_500_000,
    status: 'open_for_investment',
    latitude: investor ? 41.2995 : 41.0058,
    longitude: investor ? 69.2401 : 69.3011,
    phone: investor ? '998901234567' : '998935557812',
    email: investor ? 'investor@demo.invest.example' : 'business@demo.invest.example',
    state: 'approved',
    created_at: daysAgo(now, 30),
    updated_at: daysAgo(now, 25),
  })
  const sums = investor ? [1_200_000, 2_000_000] : [4_500_000, 3_000_000]
  await runSeedWrites(
    db,
    sums.map((sum) => ({
      table: 'personal_project_budgets',
      row: { project_id: projectId, sum, created_at: daysAgo(now, 30) },
    })),
  )
  return { projectId, title }
}

/** Demo history for a newly created non-resident account, so its profile pages are not empty. */
async function seedDemoHistory(db: D1Database, userId: number, role: Role, now: Date): Promise<void> {
  const { reviewedId, pendingId } = await seedDemoAppeals(db, userId, role, now)
  const { projectId, title } = await seedDemoProject(db, userId, role, now)
  await createNotification(
    null,
    db,
    userId,
    'project_approved',
    title,
    notificationLinks.project(projectId),
    new Date(daysAgo(now, 25)),
  )
  await createNotification(
    null,
    db,
    userId,
    'new_appeal_response',
    String(reviewedId),
    notificationLinks.appeal(reviewedId),
    new Date(daysAgo(now, 9)),
  )
  await createNotification(
    null,
    db,
    userId,
    'new_appeal',
    String(pendingId),
    notificationLinks.appeal(pendingId),
    new Date(daysAgo(now, 2)),
  )
}

/**
 * Seeds the core tables idempotently: topics and services are upserted by their stable ids; accounts are only
 * created when their email is new (their demo history with them), so user data survives every restart.
 */
export async function seedCore(env: Env, now: Date): Promise<void> {
  const db = env.DB
  await runSeedWrites(db, [...appealTopicRows(), ...personalServiceRows()])
  for (const a of accounts as AccountSeed[]) {
    if (await accountExists(db, a.email)) continue
    const role = a.role as Role
    const userId = await createAccount(
      db,
      {
        email: a.email,
        password: a.password,
        role,
        isResident: a.is_resident,
        pin: a.oneid?.pin ?? null,
        profile: toProfileFields(a.profile),
      },
      now,
    )
    if (!a.is_resident) await seedDemoHistory(db, userId, role, now)
  }
}
