import { describe, expect, it } from 'vitest'
import { issuePaths } from './common'
import {
  LeaderSchema,
  PageSchema,
  ReviewSchema,
  SearchResultsSchema,
  SiteSettingsSchema,
  TerritorySchema,
} from './site'

const PHOTO = {
  id: 'leader-1',
  download_link: '/gateway/document/public/art/leader-1.svg',
  thumbnail_link: '/gateway/document/public/art/leader-1_4x3.svg',
}

describe('PageSchema', () => {
  const page = {
    slug: 'about',
    updated_at: '2026-11-01T09:00:00.000Z',
    title: 'About the Agency',
    content: '<p>The Investment Promotion Agency…</p>',
  }

  it('accepts a content page, and a sector page with its summary and figures', () => {
    expect(issuePaths(PageSchema, page)).toEqual([])
    expect(
      issuePaths(PageSchema, {
        ...page,
        slug: 'sector-energy',
        summary: 'Demand grows 5–7% a year.',
        figures: [{ label: 'Installed capacity', value: 16.9, unit: 'GW', year: 2024 }],
      }),
    ).toEqual([])
    expect(issuePaths(PageSchema, { title: 'FAQ', content: '' })).toEqual([])
  })

  it('needs the title and the text every content page renders', () => {
    expect(issuePaths(PageSchema, { ...page, title: undefined })).toEqual(['title'])
    expect(issuePaths(PageSchema, { ...page, content: null })).toEqual(['content'])
    expect(issuePaths(PageSchema, { title: 42 })).toEqual(['title', 'content'])
  })

  it('rejects a figure without its label', () =>
    expect(issuePaths(PageSchema, { ...page, figures: [{ value: 1 }] })).toEqual(['figures.0.label']))
})

describe('LeaderSchema', () => {
  const leader = {
    id: 1,
    email: 'director@invest.example',
    phone: '+998 71 200 00 01',
    photo: PHOTO,
    name: 'Bahodir',
    surname: 'Eshmurodov',
    position: 'Director of the Agency',
    bio: 'An economist…',
    working_days: 'Mon–Fri',
  }

  it('accepts a leader, with or without contacts and photo', () => {
    expect(issuePaths(LeaderSchema, leader)).toEqual([])
    expect(
      issuePaths(LeaderSchema, { ...leader, email: null, phone: null, bio: null, working_days: null, photo: null }),
    ).toEqual([])
  })

  it('needs the name and position, and a phone that is text', () => {
    expect(issuePaths(LeaderSchema, { ...leader, surname: undefined })).toEqual(['surname'])
    expect(issuePaths(LeaderSchema, { ...leader, phone: 998712000001 })).toEqual(['phone'])
  })
})

describe('ReviewSchema', () => {
  const review = {
    id: 1,
    photo: PHOTO,
    comment: 'We were given a single coordinator…',
    author: 'Marta Kowalska, CFO, Kestrel Yarn Works',
  }
  it('accepts a review, with or without id and photo', () => {
    expect(issuePaths(ReviewSchema, review)).toEqual([])
    expect(issuePaths(ReviewSchema, { comment: 'x', author: 'y' })).toEqual([])
  })
  it('needs the quote and its author', () => expect(issuePaths(ReviewSchema, { id: 1 })).toEqual(['comment', 'author']))
})

describe('TerritorySchema', () => {
  const territory = {
    id: 1,
    area: 4303,
    population: 3390000,
    tourists: 210000,
    investment_projects: 486,
    fdi_credits: 820,
    foreign_trade: 2050,
    presentation: '<p>Andijan region…</p>',
    region: { id: 1, region: 'Andijan region', code: '1703' },
  }

  it('accepts a territory, with figures as numbers, numeric strings or missing', () => {
    expect(issuePaths(TerritorySchema, territory)).toEqual([])
    expect(issuePaths(TerritorySchema, { ...territory, area: '4303.5', tourists: null, presentation: null })).toEqual(
      [],
    )
  })

  it('needs the region the map is keyed by', () => {
    expect(issuePaths(TerritorySchema, { ...territory, region: null })).toEqual(['region'])
    expect(issuePaths(TerritorySchema, { ...territory, region: { id: 1, region: 'Andijan region' } })).toEqual([
      'region.code',
    ])
  })
})

describe('SearchResultsSchema', () => {
  const hit = { id: 1, title: 'Regional investment programmes', description: 'All fourteen regions…', path: '/post/1' }

  it('accepts hits by kind, a kind with none or left out, and pages named by slug', () => {
    expect(
      issuePaths(SearchResultsSchema, {
        events: [],
        gallery: [],
        pages: [{ ...hit, id: 'faq', path: null }],
        posts: [hit],
        stories: [],
      }),
    ).toEqual([])
    expect(issuePaths(SearchResultsSchema, { posts: [{ id: '3', title: 'x' }] })).toEqual([])
  })

  it('rejects a list where the kinds belong, and a hit without a title', () => {
    expect(issuePaths(SearchResultsSchema, [hit])).toEqual(['(root)'])
    expect(issuePaths(SearchResultsSchema, { posts: [{ id: 1 }] })).toEqual(['posts.0.title'])
    expect(issuePaths(SearchResultsSchema, { posts: hit })).toEqual(['posts'])
  })
})

describe('SiteSettingsSchema', () => {
  const settings = {
    phone: '+998 71 202-10-00',
    email: 'info@agency.example',
    address: 'Tashkent',
    map_url: 'https://www.openstreetmap.org/?mlat=41.3&mlon=69.2',
    socials: [{ network: 'telegram', url: 'https://t.me/agency' }],
  }

  it('accepts the agency’s contacts, and none at all', () => {
    expect(issuePaths(SiteSettingsSchema, settings)).toEqual([])
    expect(
      issuePaths(SiteSettingsSchema, { phone: null, email: null, address: null, map_url: null, socials: [] }),
    ).toEqual([])
    expect(issuePaths(SiteSettingsSchema, {})).toEqual([])
  })

  it('takes only https links, which the page puts in an href', () => {
    expect(issuePaths(SiteSettingsSchema, { ...settings, map_url: 'javascript:alert(1)' })).toEqual(['map_url'])
    expect(
      issuePaths(SiteSettingsSchema, { ...settings, socials: [{ network: 'x', url: 'data:text/html,hi' }] }),
    ).toEqual(['socials.0.url'])
  })

  it('takes a phone number and an address that are what they say', () => {
    expect(issuePaths(SiteSettingsSchema, { ...settings, phone: 'call us', email: 'nobody' })).toEqual([
      'phone',
      'email',
    ])
  })
})
