import { describe, expect, it } from 'vitest'
import { issuePaths } from './common'
import {
  AmountSchema,
  DistrictSchema,
  ProjectCategoryDetailSchema,
  ProjectCategorySchema,
  ProjectDetailSchema,
  ProjectSchema,
  SectorSchema,
} from './guide'

const UPLOAD = {
  id: 'category-1',
  download_link: '/gateway/document/public/art/category-1.svg',
  thumbnail_link: '/gateway/document/public/art/category-1_4x3.svg',
}

describe('lookups of the project filters', () => {
  it('accepts sectors, budget bands (open-ended too) and districts', () => {
    expect(issuePaths(SectorSchema, { id: 1, slug: 'energy', content: 'Energy' })).toEqual([])
    expect(issuePaths(AmountSchema, { id: 5, content: 'Over USD 100 million', from: 100000000, to: null })).toEqual([])
    expect(issuePaths(DistrictSchema, { id: 1, mhobt: '1703401', name: 'Andijan city' })).toEqual([])
  })

  it('needs the name each option shows', () => {
    expect(issuePaths(SectorSchema, { id: 1, slug: 'energy' })).toEqual(['content'])
    expect(issuePaths(AmountSchema, { id: 5, from: 0 })).toEqual(['content'])
    expect(issuePaths(DistrictSchema, { id: 1, name: null })).toEqual(['name'])
  })
})

describe('ProjectCategorySchema and ProjectCategoryDetailSchema', () => {
  const category = {
    id: 1,
    order: 1,
    icon: 'factory',
    upload: UPLOAD,
    title: 'Industrial parks and free economic zones',
    description: 'Serviced plots…',
  }
  const service = {
    id: 4,
    category_id: 8,
    link: 'https://my.gov.uz',
    upload: null,
    online: true,
    is_external: true,
    title: 'Registering a branch',
    description: 'x',
    info: 'y',
  }

  it('accepts a category with its image as a File, a link or none', () => {
    for (const upload of [UPLOAD, '/art/category-1.svg', null])
      expect(issuePaths(ProjectCategorySchema, { ...category, upload })).toEqual([])
  })

  it('accepts a category page with its services, or none', () => {
    expect(issuePaths(ProjectCategoryDetailSchema, { ...category, service_categories: [service] })).toEqual([])
    expect(issuePaths(ProjectCategoryDetailSchema, category)).toEqual([])
  })

  it('needs the title, and a title on each of its services', () => {
    expect(issuePaths(ProjectCategorySchema, { ...category, title: undefined })).toEqual(['title'])
    expect(
      issuePaths(ProjectCategoryDetailSchema, { ...category, service_categories: [{ ...service, title: undefined }] }),
    ).toEqual(['service_categories.0.title'])
  })
})

describe('ProjectSchema and ProjectDetailSchema', () => {
  const project = {
    id: 1,
    icon: 'wind',
    budget: 240000000,
    status: 'open_for_investment',
    upload: null,
    title: '200 MW wind farm in Kungrad district',
    sector: { id: 1, slug: 'energy', content: 'Energy' },
    category: { id: 2, title: 'Public-private partnership' },
    region: { id: 2, region: 'Republic of Karakalpakstan', code: '1735' },
  }
  const detail = {
    ...project,
    content: '<h2>About</h2>',
    presentation: null,
    latitude: 43.07,
    longitude: 58.9,
    pp: 9,
    irr: 13.5,
    npv: 41000000,
    email: 'ppp@invest.example',
    phone: '998712000000',
  }

  it('accepts a project card, with its sector as a name and its category as an id', () => {
    expect(issuePaths(ProjectSchema, project)).toEqual([])
    expect(
      issuePaths(ProjectSchema, { ...project, sector: 'Energy', category: 2, region: null, budget: '240000000' }),
    ).toEqual([])
  })

  it('rejects a status outside the contract’s three and a missing title', () => {
    expect(issuePaths(ProjectSchema, { ...project, status: 'sold' })).toEqual(['status'])
    expect(issuePaths(ProjectSchema, { ...project, title: null })).toEqual(['title'])
  })

  it('accepts a project page with one presentation, one per language or none, and without coordinates', () => {
    expect(issuePaths(ProjectDetailSchema, detail)).toEqual([])
    expect(
      issuePaths(ProjectDetailSchema, { ...detail, presentation: '/p.pdf', latitude: null, longitude: null }),
    ).toEqual([])
    expect(
      issuePaths(ProjectDetailSchema, { ...detail, presentation: { en: { download_link: '/p.pdf' }, ru: null } }),
    ).toEqual([])
  })

  it('rejects contacts that are no text (the page formats the phone)', () => {
    expect(issuePaths(ProjectDetailSchema, { ...detail, phone: 998712000000 })).toEqual(['phone'])
  })
})
