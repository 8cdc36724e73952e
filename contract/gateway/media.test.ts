import { describe, expect, it } from 'vitest'
import { issuePaths } from './common'
import {
  CountrySchema,
  EventSchema,
  GallerySchema,
  PostSchema,
  PostSummarySchema,
  StorySchema,
  StorySummarySchema,
} from './media'

const FILE = {
  id: 'post-1',
  size: 2048,
  file_name: 'post-1.svg',
  file_extension: 'svg',
  download_link: '/gateway/document/public/art/post-1.svg',
  thumbnail_link: null,
}

/** `GET post/{id}` of the reference gateway. */
const POST = {
  id: 1,
  title: 'Regional investment programmes for 2025 approved',
  content: '<p>All fourteen regions…</p>',
  description: 'All fourteen regions…',
  publish_date: '2025-01-14',
  category: 'news',
  photo: FILE,
  files: [FILE],
  author: { firstName: 'Dilnoza', lastName: '' },
}

describe('PostSummarySchema (post lists)', () => {
  it('accepts a card without body, photo, files or author', () => {
    expect(issuePaths(PostSummarySchema, { id: 3, title: 'T', publish_date: '2025-02-01', category: 'blog' })).toEqual(
      [],
    )
    expect(
      issuePaths(PostSummarySchema, { ...POST, content: undefined, photo: null, files: null, author: null }),
    ).toEqual([])
  })

  it('rejects a card without an id, with a numeric title or without a date or category', () => {
    expect(issuePaths(PostSummarySchema, { ...POST, id: undefined })).toEqual(['id'])
    expect(issuePaths(PostSummarySchema, { ...POST, title: 42 })).toEqual(['title'])
    expect(issuePaths(PostSummarySchema, { ...POST, publish_date: null, category: undefined })).toEqual([
      'publish_date',
      'category',
    ])
  })

  it('rejects a file list with an empty entry or a file without its link (the list renders each link)', () => {
    expect(issuePaths(PostSummarySchema, { ...POST, files: [FILE, null] })).toEqual(['files.1'])
    expect(issuePaths(PostSummarySchema, { ...POST, files: [{ ...FILE, download_link: undefined }] })).toEqual([
      'files.0.download_link',
    ])
  })
})

describe('PostSchema (a post)', () => {
  it('accepts the reference gateway’s post', () => expect(issuePaths(PostSchema, POST)).toEqual([]))
  it('needs the article’s body', () => expect(issuePaths(PostSchema, { ...POST, content: null })).toEqual(['content']))
  it('rejects the wrong-shape answer `{ title: 42 }`', () =>
    expect(issuePaths(PostSchema, { title: 42 })).toEqual(['id', 'title', 'publish_date', 'category', 'content']))
})

describe('GallerySchema', () => {
  const gallery = {
    id: 1,
    publish_date: '2026-07-15',
    title: 'Samarkand Regional Investment Fair',
    content: 'Moments from the district project pitches.',
    files: [
      { ...FILE, caption: 'The exhibition hall' },
      { ...FILE, caption: null },
    ],
  }

  it('accepts a gallery, and one without images or description', () => {
    expect(issuePaths(GallerySchema, gallery)).toEqual([])
    expect(issuePaths(GallerySchema, { ...gallery, content: null, files: [] })).toEqual([])
  })

  it('rejects an image without its link and a caption that is no text', () => {
    expect(issuePaths(GallerySchema, { ...gallery, files: [{ caption: 'x' }] })).toEqual(['files.0.download_link'])
    expect(issuePaths(GallerySchema, { ...gallery, files: [{ ...FILE, caption: 7 }] })).toEqual(['files.0.caption'])
  })
})

describe('StorySummarySchema and StorySchema', () => {
  const story = {
    id: 1,
    publish_date: '2026-03-02',
    photo: FILE,
    title: 'Kestrel Yarn Works',
    summary: 'A family-owned spinning company…',
    content: '<p>Kestrel…</p>',
  }

  it('accepts a story, and a list card without its body or summary', () => {
    expect(issuePaths(StorySchema, story)).toEqual([])
    expect(issuePaths(StorySummarySchema, { ...story, content: undefined, summary: null, photo: null })).toEqual([])
  })

  it('needs the story’s body on its page, and a title and date on every card', () => {
    expect(issuePaths(StorySchema, { ...story, content: undefined })).toEqual(['content'])
    expect(issuePaths(StorySummarySchema, { ...story, title: null, publish_date: 20260302 })).toEqual([
      'title',
      'publish_date',
    ])
  })
})

describe('EventSchema', () => {
  const event = {
    id: 6,
    date_from: '2026-12-01',
    date_to: '2026-12-02',
    time: '09:30',
    photo: FILE,
    name: 'Tashkent International Investment Forum',
    location: 'Tashkent, Congress Hall',
    description: '<p>Two days…</p>',
    agenda: { ...FILE, file_extension: 'pdf', download_link: '/gateway/document/public/agenda/6?lang=en' },
  }

  it('accepts an event with its agenda as a File, a bare link or none, and a one-day event', () => {
    expect(issuePaths(EventSchema, event)).toEqual([])
    expect(issuePaths(EventSchema, { ...event, agenda: '/agenda.pdf' })).toEqual([])
    expect(
      issuePaths(EventSchema, { ...event, agenda: null, date_to: null, time: null, location: null, photo: null }),
    ).toEqual([])
  })

  it('needs the name and the first day, which decide how the event is listed', () => {
    expect(issuePaths(EventSchema, { ...event, name: undefined })).toEqual(['name'])
    expect(issuePaths(EventSchema, { ...event, date_from: null })).toEqual(['date_from'])
  })
})

describe('CountrySchema', () => {
  it('accepts a country, with or without its code', () => {
    expect(issuePaths(CountrySchema, { id: 7, code: 'DE', country: 'Germany' })).toEqual([])
    expect(issuePaths(CountrySchema, { id: 7, country: 'Germany' })).toEqual([])
  })
  it('needs its name', () => expect(issuePaths(CountrySchema, { id: 7, code: 'DE' })).toEqual(['country']))
})
