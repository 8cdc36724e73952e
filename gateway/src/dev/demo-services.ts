/**
 * Local mode's demo records behind two personal services: deterministic records keyed by the taxpayer number (inn).
 * Only the development build has them (`dev/index.ts` lends them to the personal services), and only in DEV_MODE: a
 * deployment never answers an invented record.
 */
import type { Locale } from '../../../contract/locales'
import type { AccountRecord, ServiceIntegration } from '../integrations/registries'

/** A small deterministic PRNG (mulberry32) seeded from a string, so the same inn always gives the same data. */
function createRandom(seed: string): () => number {
  let h = 2166136261
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pickFrom = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!

const ACTIVITIES: Record<Locale, readonly string[]> = {
  en: [
    'Construction of buildings',
    'Manufacture of textiles',
    'Wholesale trade',
    'Processing of fruit and vegetables',
    'Software development',
    'Electric power generation',
  ],
  ru: [
    'Строительство зданий',
    'Производство текстильных изделий',
    'Оптовая торговля',
    'Переработка фруктов и овощей',
    'Разработка программного обеспечения',
    'Производство электроэнергии',
  ],
  uz: [
    'Binolar qurilishi',
    'To‘qimachilik mahsulotlari ishlab chiqarish',
    'Ulgurji savdo',
    'Meva va sabzavotlarni qayta ishlash',
    'Dasturiy ta’minot ishlab chiqish',
    'Elektr energiyasi ishlab chiqarish',
  ],
}

const FORMS: Record<Locale, readonly string[]> = {
  en: ['Limited liability company', 'Joint-stock company', 'Foreign enterprise'],
  ru: ['Общество с ограниченной ответственностью', 'Акционерное общество', 'Иностранное предприятие'],
  uz: ['Mas’uliyati cheklangan jamiyat', 'Aksiyadorlik jamiyati', 'Xorijiy korxona'],
}

const STATUS: Record<Locale, string> = { en: 'Active', ru: 'Действующее', uz: 'Faoliyat yuritmoqda' }

const NAMES = [
  'Aziz Karimov',
  'Nodira Tursunova',
  'Bekzod Aliyev',
  'Malika Ergasheva',
  'Jasur Qodirov',
  'Gulnora Saidova',
]
const STREETS = ['Amir Temur avenue', 'Mustaqillik avenue', 'Navoi street', 'Bobur street', 'Shota Rustaveli street']
const SYLLABLES = ['Zar', 'Nur', 'Ipak', 'Oltin', 'Sam', 'Tosh', 'Bar', 'Kom', 'Agro', 'Tex']

/** The registry record of the company with this inn (a known profile's company when one has that tin). */
function runCompanyRegistry(inn: string, lang: Locale, known: AccountRecord): Record<string, unknown>[] {
  const rnd = createRandom(`company:${inn}`)
  const year = 2008 + Math.floor(rnd() * 16)
  const name =
    known?.company_name ||
    `${pickFrom(rnd, SYLLABLES)}${pickFrom(rnd, SYLLABLES).toLowerCase()} ${pickFrom(rnd, ['Invest', 'Group', 'Trade', 'Servis'])} LLC`
  return [
    {
      inn,
      name,
      legal_form: pickFrom(rnd, FORMS[lang]),
      registration_date: `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
      status: STATUS[lang],
      director: known ? `${known.name} ${known.surname}`.trim() : pickFrom(rnd, NAMES),
      charter_capital: Math.round(50 + rnd() * 5000) * 1_000_000,
      currency: 'UZS',
      activity: pickFrom(rnd, ACTIVITIES[lang]),
      oked: String(10000 + Math.floor(rnd() * 89999)),
      address: known?.legal_address || `Tashkent, ${pickFrom(rnd, STREETS)}, ${1 + Math.floor(rnd() * 120)}`,
      employees: 5 + Math.floor(rnd() * 400),
    },
  ]
}

const TAXES: Record<Locale, readonly string[]> = {
  en: [
    'Corporate income tax',
    'Value added tax',
    'Property tax',
    'Land tax',
    'Water use tax',
    'Social tax',
    'Personal income tax',
  ],
  ru: [
    'Налог на прибыль',
    'Налог на добавленную стоимость',
    'Налог на имущество',
    'Земельный налог',
    'Налог за пользование водными ресурсами',
    'Социальный налог',
    'Налог на доходы физических лиц',
  ],
  uz: [
    'Foyda solig‘i',
    'Qo‘shilgan qiymat solig‘i',
    'Mol-mulk solig‘i',
    'Yer solig‘i',
    'Suv resurslaridan foydalanganlik uchun soliq',
    'Ijtimoiy soliq',
    'Jismoniy shaxslardan olinadigan daromad solig‘i',
  ],
}

/** Balances per tax and month for the last six months before `date` (arrears negative, overpayments positive). */
function runTaxDebts(inn: string, date: string, lang: Locale): Record<string, unknown>[] {
  const rnd = createRandom(`tax:${inn}`)
  const end = new Date(`${date}T00:00:00Z`)
  const rows: Record<string, unknown>[] = []
  for (let m = 0; m < 6; m++) {
    const period = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - m, 1)).toISOString().slice(0, 7)
    TAXES[lang].forEach((tax, i) => {
      const roll = rnd()
      if (roll < 0.55) return
      const amount = Math.round((rnd() * 40_000_000) / 1000) * 1000
      rows.push({
        inn,
        period,
        tax_code: 100 + i,
        tax,
        arrears: roll < 0.8 ? amount : 0,
        overpayment: roll >= 0.8 ? amount : 0,
        currency: 'UZS',
      })
    })
  }
  return rows
}

/** The demo integrations by handler: the company registry and tax debts. */
export const SERVICE_DEMOS: Readonly<Record<string, ServiceIntegration>> = {
  company_registry: async (r) => runCompanyRegistry(r.inn, r.lang, r.account),
  tax_debts: async (r) => runTaxDebts(r.inn, r.params.date ?? new Date().toISOString().slice(0, 10), r.lang),
}
