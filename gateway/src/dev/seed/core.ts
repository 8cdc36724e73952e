/** Seeds the account side: demo accounts (with a few demo appeals and projects), appeal topics, personal services. */

import type { Locale } from '../../../../contract/locales'
import accounts from '../../../seed/accounts.json'
import appealTopics from '../../../seed/appeal-topics.json'
import personalServices from '../../../seed/personal-services.json'
import { findCountryIdByCode, findRegionIdByCode } from '../../areas/content/places'
import { createNotification, notificationLinks } from '../../areas/notifications/notify'
import { createAccount, type ProfileFields } from '../../areas/profile/accounts'
import type { Role } from '../../lib/context'

type L = Record<Locale, string>

type AccountSeed = {
  email: string
  password: string | null
  role: string
  is_resident: boolean
  profile: Record<string, unknown> & {
    country?: { code: string } | null
    region?: { id: number; code: number | string } | null
  }
  oneid?: { pin: string }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

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
    region_id: p.region ? (findRegionIdByCode(p.region.code) ?? p.region.id) : null,
  }
}

async function upsertAppealTopics(db: D1Database): Promise<void> {
  const upsert = `INSERT INTO appeal_topics (id, parent_id, title_uz, title_ru, title_en, sort) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, title_uz = excluded.title_uz, title_ru = excluded.title_ru,
      title_en = excluded.title_en, sort = excluded.sort`
  const topics = appealTopics as { id: number; title: L; children: { id: number; title: L }[] }[]
  await db.batch(
    topics.flatMap((t, i) => [
      db.prepare(upsert).bind(t.id, null, t.title.uz, t.title.ru, t.title.en, i),
      ...t.children.map((ch, j) => db.prepare(upsert).bind(ch.id, t.id, ch.title.uz, ch.title.ru, ch.title.en, j)),
    ]),
  )
}

async function upsertPersonalServices(db: D1Database): Promise<void> {
  type ServiceSeed = { id: number; type: string; title: L; description: L; handler: string | null; params: unknown[] }
  await db.batch(
    (personalServices as ServiceSeed[]).map((s) =>
      db
        .prepare(
          `INSERT INTO personal_services (id, type, title_uz, title_ru, title_en, description_uz, description_ru, description_en, handler, params_json)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET type = excluded.type, title_uz = excluded.title_uz, title_ru = excluded.title_ru,
             title_en = excluded.title_en, description_uz = excluded.description_uz, description_ru = excluded.description_ru,
             description_en = excluded.description_en, handler = excluded.handler, params_json = excluded.params_json`,
        )
        .bind(
          s.id,
          s.type,
          s.title.uz,
          s.title.ru,
          s.title.en,
          s.description.uz,
          s.description.ru,
          s.description.en,
          s.handler,
          JSON.stringify(s.params),
        ),
    ),
  )
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86400_000).toISOString()

/** Demo history for a newly created non-resident account, so its profile pages are not empty. */
async function seedDemoHistory(db: D1Database, userId: number, role: Role, now: Date): Promise<void> {
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
  const reviewed = await db
    .prepare(
      `INSERT INTO appeals (user_id, topic_id, type_id, region_id, text, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'reviewed', ?, ?) RETURNING id`,
    )
    .bind(
      userId,
      reviewedTopic,
      reviewedType,
      role === 'investor' ? 5 : 11,
      reviewedText,
      daysAgo(now, 12),
      daysAgo(now, 9),
    )
    .first<{ id: number }>()
  const reviewedId = reviewed!.id
  const reply =
    role === 'investor'
      ? 'Land for renewable energy projects is allocated through an e-auction or by a government decision. Your request has been forwarded to the regional investment department, which will contact you within 10 working days.'
      : 'Your request has been forwarded to the customs committee. The decision on the equipment is expected within 5 working days; you may reply here if it is delayed further.'
  await db
    .prepare(
      "INSERT INTO appeal_responses (appeal_id, admin, owner, response, created) VALUES (?, 'Moderator', 0, ?, ?)",
    )
    .bind(reviewedId, reply, daysAgo(now, 9))
    .run()
  const pending = await db
    .prepare(
      `INSERT INTO appeals (user_id, topic_id, type_id, region_id, text, status, created_at, updated_at)
       VALUES (?, ?, ?, 10, ?, 'in_moderation', ?, ?) RETURNING id`,
    )
    .bind(userId, first.id, first.children[0]!.id, pendingText, daysAgo(now, 2), daysAgo(now, 2))
    .first<{ id: number }>()
  const title: L =
    role === 'investor'
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
  const content: L =
    role === 'investor'
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
  const project = await db
    .prepare(
      `INSERT INTO personal_projects (user_id, title_uz, title_ru, title_en, content_uz, content_ru, content_en, category_id, sector_id,
         region_id, budget, status, latitude, longitude, phone, email, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open_for_investment', ?, ?, ?, ?, 'approved', ?, ?) RETURNING id`,
    )
    .bind(
      userId,
      title.uz,
      title.ru,
      title.en,
      content.uz,
      content.ru,
      content.en,
      1,
      role === 'investor' ? 1 : 13,
      role === 'investor' ? 10 : 11,
      role === 'investor' ? 3_200_000 : 7_500_000,
      role === 'investor' ? 41.2995 : 41.0058,
      role === 'investor' ? 69.2401 : 69.3011,
      role === 'investor' ? '998901234567' : '998935557812',
      role === 'investor' ? 'investor@demo.invest.example' : 'business@demo.invest.example',
      daysAgo(now, 30),
      daysAgo(now, 25),
    )
    .first<{ id: number }>()
  const projectId = project!.id
  await db.batch(
    (role === 'investor' ? [1_200_000, 2_000_000] : [4_500_000, 3_000_000]).map((sum) =>
      db
        .prepare('INSERT INTO personal_project_budgets (project_id, sum, created_at) VALUES (?, ?, ?)')
        .bind(projectId, sum, daysAgo(now, 30)),
    ),
  )
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
    String(pending!.id),
    notificationLinks.appeal(pending!.id),
    new Date(daysAgo(now, 2)),
  )
}

/**
 * Seeds the core tables idempotently: topics and services are upserted by their stable ids; accounts are only
 * created when their email is new (their demo history with them), so user data survives every restart.
 */
export async function seedCore(env: Env, now: Date): Promise<void> {
  const db = env.DB
  await upsertAppealTopics(db)
  await upsertPersonalServices(db)
  for (const a of accounts as AccountSeed[]) {
    const exists = await db.prepare('SELECT id FROM users WHERE email = ?').bind(a.email).first()
    if (exists) continue
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
