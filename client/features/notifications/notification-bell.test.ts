import { describe, expect, it } from 'vitest'
import { notificationHref } from './notification-bell'

describe('notificationHref', () => {
  it('puts the page’s language in front of the gateway’s locale-less link', () => {
    expect(notificationHref('/profile/appeals/12', 'ru')).toBe('/ru/profile/appeals/12')
    expect(notificationHref('/profile/my-projects/form/3', 'uz')).toBe('/uz/profile/my-projects/form/3')
  })

  it('swaps a locale the link already carries', () => {
    expect(notificationHref('/en/profile/appeals/12', 'uz')).toBe('/uz/profile/appeals/12')
  })

  it.each(['', 'https://evil.example/profile', '//evil.example/profile', '/\\evil.example', '/%E0%A4%A'])(
    'gives no link for %j',
    (link) => {
      expect(notificationHref(link, 'en')).toBeNull()
    },
  )
})
