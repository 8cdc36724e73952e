import { describe, expect, it } from 'vitest'
import {
  AppealResponseSchema,
  AppealSchema,
  AppealTopicSchema,
  AppealTypeSchema,
  NotificationSchema,
  PersonalProjectSchema,
  PersonalServiceSchema,
  ProfileSchema,
} from './account'
import { issuePaths } from './common'

const REGION = { id: 10, region: 'Tashkent city', code: '1726' }

describe('ProfileSchema', () => {
  const investor = {
    email: 'investor@demo.invest.example',
    role: 'investor',
    is_resident: false,
    investor: {
      id: 1,
      name: 'Lukas',
      surname: 'Brenner',
      email: 'investor@demo.invest.example',
      phone: '998901234567',
      pin: null,
      country: { id: 7, country: 'Germany', code: 'DE' },
      website: '',
      position: 'Managing Director',
      company_name: 'Brenner Solar Capital GmbH',
      contact_person: '',
      region: REGION,
      source: 'linkedin',
      comments: '',
      is_resident: false,
    },
  }

  it('accepts an investor and a businessman, with or without a region', () => {
    expect(issuePaths(ProfileSchema, investor)).toEqual([])
    expect(
      issuePaths(ProfileSchema, {
        email: 'b@x.uz',
        role: 'businessmen',
        is_resident: true,
        businessmen: { id: 2, company_name: 'x', tin: '301234567', legal_address: 'y', region: null },
      }),
    ).toEqual([])
  })

  it('needs residency, which the guards decide on, and a known role', () => {
    expect(issuePaths(ProfileSchema, { ...investor, is_resident: 'no' })).toEqual(['is_resident'])
    expect(issuePaths(ProfileSchema, { ...investor, role: 'admin' })).toEqual(['role'])
  })
})

describe('NotificationSchema', () => {
  const note = {
    id: 5,
    message: 'Your appeal No. 3 was received',
    type: 'new_appeal',
    link: '/profile/appeals/3',
    seen: false,
    created: '2026-11-01T09:00:00.000Z',
  }
  it('accepts a notification, with or without a link', () => {
    expect(issuePaths(NotificationSchema, note)).toEqual([])
    expect(issuePaths(NotificationSchema, { ...note, link: '' })).toEqual([])
  })
  it('needs a message and a read flag', () =>
    expect(issuePaths(NotificationSchema, { ...note, message: null, seen: 0 })).toEqual(['message', 'seen']))
})

describe('appeals', () => {
  const appeal = {
    id: 3,
    topic: { id: 1, title: 'Investment climate' },
    type: { id: 7, title: 'Taxation question' },
    region: REGION,
    status: 'reviewed',
    reject_reason: null,
    resolve_reason: null,
    text: 'How are imported solar panels taxed at the border?',
    createdAt: '2026-11-01T09:00:00.000Z',
  }

  it('accepts an appeal, also one whose topic or region is gone', () => {
    expect(issuePaths(AppealSchema, appeal)).toEqual([])
    expect(issuePaths(AppealSchema, { ...appeal, topic: null, type: null, region: null })).toEqual([])
  })

  it('rejects a status outside the contract’s four, which decides what the page offers', () => {
    expect(issuePaths(AppealSchema, { ...appeal, status: 'closed' })).toEqual(['status'])
    expect(issuePaths(AppealSchema, { ...appeal, text: undefined })).toEqual(['text'])
  })

  it('accepts the thread, topics and types', () => {
    expect(
      issuePaths(AppealResponseSchema, {
        id: 1,
        admin: null,
        created: '2026-11-02T09:00:00.000Z',
        response: 'Thanks',
        owner: true,
      }),
    ).toEqual([])
    expect(
      issuePaths(AppealTopicSchema, {
        id: 1,
        title: 'Investment climate',
        children: [{ id: 7, title: 'Taxation question', parent_id: 1 }],
      }),
    ).toEqual([])
    expect(issuePaths(AppealTypeSchema, { id: 7, parent_id: 1, title: 'Taxation question' })).toEqual([])
  })

  it('rejects a reply without its text and a type without its title', () => {
    expect(issuePaths(AppealResponseSchema, { id: 1, created: 'x', owner: false })).toEqual(['response'])
    expect(issuePaths(AppealTopicSchema, { id: 1, title: 'x', children: [{ id: 7 }] })).toEqual(['children.0.title'])
  })
})

describe('PersonalProjectSchema', () => {
  const project = {
    id: 12,
    title: { en: 'Rooftop solar for a textile mill', ru: '', uz: '' },
    content: { en: '<p>A 2 MW rooftop plant.</p>', ru: '', uz: '' },
    category_id: 1,
    sector_id: 1,
    region_id: 1,
    budget: 1500000,
    status: 'open_for_investment',
    latitude: null,
    longitude: null,
    phone: '',
    email: '',
    budgets: [{ id: 1, sum: 500000 }],
    state: 'pending',
    reject_reason: null,
    draft: true,
    visible: true,
    upload: null,
    presentation: { en: null, ru: null, uz: null },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
  }

  it('accepts a project as the list and the form read it', () => {
    expect(issuePaths(PersonalProjectSchema, project)).toEqual([])
    expect(
      issuePaths(PersonalProjectSchema, {
        ...project,
        budgets: [],
        presentation: { en: { download_link: '/gateway/document/public/file/a' } },
      }),
    ).toEqual([])
  })

  it('needs the per-language texts, the budget rows and a known state, which the form reads', () => {
    expect(issuePaths(PersonalProjectSchema, { ...project, title: 'Rooftop solar' })).toEqual(['title'])
    expect(issuePaths(PersonalProjectSchema, { ...project, budgets: undefined })).toEqual(['budgets'])
    expect(issuePaths(PersonalProjectSchema, { ...project, state: 'archived', draft: null })).toEqual([
      'state',
      'draft',
    ])
  })
})

describe('PersonalServiceSchema', () => {
  const service = {
    id: 1,
    type: 'my_company',
    title: 'Company details',
    description: 'Your company’s record in the register.',
    link: '/siw/personal/service/run/1',
    params: [{ key: 'inn', title: 'TIN', type: 'text', required: true }],
    body: [],
  }

  it('accepts a service with its form fields', () => expect(issuePaths(PersonalServiceSchema, service)).toEqual([]))

  it('needs the link it runs and the fields of its form', () => {
    expect(issuePaths(PersonalServiceSchema, { ...service, link: null })).toEqual(['link'])
    expect(issuePaths(PersonalServiceSchema, { ...service, params: undefined })).toEqual(['params'])
    expect(
      issuePaths(PersonalServiceSchema, { ...service, params: [{ key: 'inn', title: 'TIN', type: 'text' }] }),
    ).toEqual(['params.0.required'])
  })
})
