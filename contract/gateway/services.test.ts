import { describe, expect, it } from 'vitest'
import { issuePaths } from './common'
import {
  AuctionLotDetailSchema,
  AuctionLotSchema,
  ServiceCategorySchema,
  ServiceProcessSchema,
  ServiceSchema,
  ServiceStepSchema,
  StepSummarySchema,
  UzexLotSchema,
} from './services'

const TEMPLATE = {
  id: 'template/3',
  download_link: '/gateway/document/public/template/3?lang=en',
  file_extension: 'pdf',
  thumbnail_link: null,
}

describe('ServiceCategorySchema', () => {
  const category = {
    id: 9,
    icon: 'briefcase',
    order: 1,
    parent: 1,
    title: 'Limited liability companies',
    description: 'x',
  }

  it('accepts a category with its parent as an id, an object or none', () => {
    for (const parent of [1, '1', { id: 1 }, null])
      expect(issuePaths(ServiceCategorySchema, { ...category, parent })).toEqual([])
  })

  it('needs the title and an order that sorts', () => {
    expect(issuePaths(ServiceCategorySchema, { ...category, title: undefined })).toEqual(['title'])
    expect(issuePaths(ServiceCategorySchema, { ...category, order: 'first' })).toEqual(['order'])
  })
})

describe('ServiceSchema', () => {
  const service = {
    id: 1,
    category_id: 8,
    link: 'https://my.gov.uz/en/service/1',
    upload: null,
    online: true,
    is_external: true,
    title: 'State registration of an LLC',
    description: 'x',
    info: 'Takes 30 minutes.',
  }

  it('accepts a service, online or not, with or without link and image', () => {
    expect(issuePaths(ServiceSchema, service)).toEqual([])
    expect(issuePaths(ServiceSchema, { id: 2, title: 'x', online: false, link: null, upload: '/art/a.svg' })).toEqual(
      [],
    )
  })

  it('rejects a service without a title, and an `online` that is no flag', () => {
    expect(issuePaths(ServiceSchema, { ...service, title: 42 })).toEqual(['title'])
    expect(issuePaths(ServiceSchema, { ...service, online: 1 })).toEqual(['online'])
  })
})

describe('processes and steps', () => {
  const step = {
    id: 1001,
    process_id: 101,
    order: 1,
    upload: null,
    title: 'Choose a name',
    content: '<p>Check that the name is free.</p>',
    groups: [
      {
        id: 1,
        icon: 'file',
        title: 'Founders',
        documents: [{ id: 3, title: 'Founders’ decision', type: 'pdf', upload: TEMPLATE }],
      },
    ],
    accordions: [{ id: 1, title: 'Can a foreigner be the director?', content: '<p>Yes.</p>', documents: [] }],
  }

  it('accepts stages and step lists', () => {
    expect(
      issuePaths(ServiceProcessSchema, {
        id: 101,
        order: 1,
        icon: 'file-text',
        title: 'Preparing the founding documents',
        description: 'x',
      }),
    ).toEqual([])
    expect(issuePaths(StepSummarySchema, { id: 1001, order: 1, upload: null, title: 'Choose a name' })).toEqual([])
  })

  it('accepts a step with its document groups and questions, or without them', () => {
    expect(issuePaths(ServiceStepSchema, step)).toEqual([])
    expect(
      issuePaths(ServiceStepSchema, { id: 1001, title: 'x', groups: null, accordions: undefined, content: null }),
    ).toEqual([])
  })

  it('rejects a stage without a title, a document without a title, and a group list that is no list', () => {
    expect(issuePaths(ServiceProcessSchema, { id: 101, order: 1 })).toEqual(['title'])
    expect(
      issuePaths(ServiceStepSchema, { ...step, groups: [{ ...step.groups[0], documents: [{ id: 3, type: 'pdf' }] }] }),
    ).toEqual(['groups.0.documents.0.title'])
    expect(issuePaths(ServiceStepSchema, { ...step, groups: step.groups[0] })).toEqual(['groups'])
  })
})

describe('AuctionLotSchema and AuctionLotDetailSchema', () => {
  const lot = {
    order_id: 1,
    lot_number: '17240447',
    property_name: '1.2-hectare land plot for a logistics centre',
    property_group: 'Land plots',
    property_category: 'Non-agricultural land',
    region: 'Tashkent region',
    area: 12000,
    address: 'Zangiota district',
    image_link: '/gateway/document/public/art/lot-1.svg',
    external_link: 'https://e-auksion.uz/lot-view?lot_id=17240447',
    start_price: 1840000000,
    zakalad_percent: 10,
    zakalad_amount: 184000000,
    auction_start_time: '2026-11-24T01:11:00.000Z',
    order_end_time: '2026-11-23T12:00:00.000Z',
    is_tern_payment: false,
    term_month: null,
  }
  const detail = {
    lot: '17240447',
    property: lot.property_name,
    main_image: lot.image_link,
    images: [{ image: lot.image_link }],
    price: lot.start_price,
    zaklad_summa: 184000000,
    zaklad_percent: 10,
    auction_date: '2026-11-24',
    auction_time: '01:11',
    order_end_time: lot.order_end_time,
    over_time: false,
    lot_status: 'Accepting applications',
    view_count: 312,
    address: lot.address,
    region: lot.region,
    area: 12000,
    lat: 41.25,
    lng: 69.12,
    customer_name: 'Tashkent region khokimiyat',
    customer_phone: '998712345601',
    customer_email: 'auction@example.uz',
  }

  it('accepts a lot card with its region as a name or an object and without optional facts', () => {
    expect(issuePaths(AuctionLotSchema, lot)).toEqual([])
    expect(
      issuePaths(AuctionLotSchema, {
        ...lot,
        lot_number: 17240447,
        region: { region: 'Tashkent region' },
        area: null,
        image_link: null,
        zakalad_amount: undefined,
      }),
    ).toEqual([])
  })

  it('needs the lot number, the property and a numeric start price', () => {
    expect(issuePaths(AuctionLotSchema, { ...lot, lot_number: null })).toEqual(['lot_number'])
    expect(issuePaths(AuctionLotSchema, { ...lot, start_price: '1840000000' })).toEqual(['start_price'])
    expect(issuePaths(AuctionLotSchema, { ...lot, property_name: undefined })).toEqual(['property_name'])
  })

  it('accepts a lot page, `over_time` as a flag or text, and a lot without photos or contacts', () => {
    expect(issuePaths(AuctionLotDetailSchema, detail)).toEqual([])
    expect(
      issuePaths(AuctionLotDetailSchema, {
        ...detail,
        over_time: 'no',
        images: null,
        main_image: null,
        customer_phone: null,
        lat: '41.25',
      }),
    ).toEqual([])
  })

  it('rejects a lot page without its price, and a phone that is no text', () => {
    expect(issuePaths(AuctionLotDetailSchema, { ...detail, price: undefined })).toEqual(['price'])
    expect(issuePaths(AuctionLotDetailSchema, { ...detail, customer_phone: 998712345601 })).toEqual(['customer_phone'])
  })
})

describe('UzexLotSchema', () => {
  const lot = {
    lot_id: 1,
    lot_number: '25110004363',
    customer: 'School No. 12 of Samarkand',
    start_cost: 204200000,
    currency_name: 'UZS',
    start_date: '2026-10-30T10:00:00.000Z',
    end_date: '2026-11-04T10:00:00.000Z',
    proposal_name: 'Computer equipment for a school',
    customer_region: 'Samarkand region',
    trade_type: 'Reverse auction',
    products: [{ order: 1, number: 20, price_unit: 9800000, name: 'Desktop computer', info: 'Intel Core i5' }],
  }

  it('accepts a lot with its products, or without any', () => {
    expect(issuePaths(UzexLotSchema, lot)).toEqual([])
    expect(issuePaths(UzexLotSchema, { ...lot, products: [], customer: null, trade_type: null })).toEqual([])
  })

  it('needs the figures of the products table and the currency of the cost', () => {
    expect(issuePaths(UzexLotSchema, { ...lot, products: [{ order: 1, name: 'x', number: 2 }] })).toEqual([
      'products.0.price_unit',
    ])
    expect(issuePaths(UzexLotSchema, { ...lot, currency_name: undefined })).toEqual(['currency_name'])
  })
})
