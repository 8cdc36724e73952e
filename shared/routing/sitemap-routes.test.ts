import { describe, expect, it } from 'vitest'
import { MEDIA_TYPES, REASONS } from './routes'
import { listPrivateRoutes, listSitemapEntries, sitemapOf, sitemapSectionOf } from './sitemap-routes'

describe('site map routes', () => {
  const entries = listSitemapEntries()

  it('lists the home page first and expands every listed param value', () => {
    expect(entries[0]).toEqual({ id: 'home', params: {} })
    expect(entries.filter((e) => e.id === 'reason').map((e) => e.params?.topic)).toEqual([...REASONS])
    expect(entries.filter((e) => e.id === 'media').map((e) => e.params?.id)).toEqual([...MEDIA_TYPES])
  })

  it('leaves out routes the site map names as left out, and routes whose params it cannot know', () => {
    const ids = new Set(entries.map((e) => e.id))
    // A sector is the upstream's: the site map lists its page, not a list the table knows.
    for (const id of [
      'sso',
      'sign-in',
      'profile',
      'post',
      'page',
      'success-registration',
      'explore-item',
      'sector',
    ] as const)
      expect(ids.has(id)).toBe(false)
    expect(entries.every((e) => sitemapOf(e.id) !== false)).toBe(true)
  })

  it('groups routes by their first path segment', () => {
    expect(sitemapSectionOf('contact-us')).toBe('about')
    expect(sitemapSectionOf('story-list')).toBe('media')
    expect(sitemapSectionOf('e-auction')).toBe('services')
    expect(sitemapSectionOf('sector')).toBe('guide')
    expect(sitemapSectionOf('search')).toBe('general')
  })

  it('keeps crawlers out of the profile area and the sign-in flows only', () => {
    const ids = listPrivateRoutes()
    expect(ids).toEqual(expect.arrayContaining(['profile', 'sign-in', 'one-id', 'sso', 'reset-password']))
    expect(ids).not.toContain('about')
    expect(ids).not.toContain('guide-register-investor')
  })
})
