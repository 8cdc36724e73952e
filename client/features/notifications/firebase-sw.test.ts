import { describe, expect, it } from 'vitest'
import { pushTarget, readPush } from './firebase-sw'

const ORIGIN = 'https://invest.example'

describe('the push service worker', () => {
  it('opens the page the message links to', () => {
    expect(pushTarget({ data: { link: '/ru/profile/appeals/12', lang: 'ru' } }, ORIGIN)).toBe('/ru/profile/appeals/12')
    expect(pushTarget({ data: { link: '/uz/profile/my-projects/form/3?tab=files' } }, ORIGIN)).toBe(
      '/uz/profile/my-projects/form/3?tab=files',
    )
  })

  it('follows FCM’s link only to this portal, and otherwise opens the profile', () => {
    expect(pushTarget({ fcmOptions: { link: `${ORIGIN}/en/profile/appeals/4` } }, ORIGIN)).toBe('/en/profile/appeals/4')
    expect(pushTarget({ fcmOptions: { link: 'https://evil.example/en/profile' } }, ORIGIN)).toBe('/profile')
    expect(pushTarget({ data: { link: '//evil.example/x' } }, ORIGIN)).toBe('/profile')
    expect(pushTarget({ data: { link: '/\\evil.example' } }, ORIGIN)).toBe('/profile')
    expect(pushTarget({ data: { link: 'javascript:alert(1)' } }, ORIGIN)).toBe('/profile')
  })

  it('shows a notification message’s title and body, and a data-only message’s', () => {
    expect(
      readPush(
        {
          notification: { title: 'Ответ на обращение', body: 'На ваше обращение № 7 поступил ответ.' },
          data: { id: '41', link: '/ru/profile/appeals/7', lang: 'ru' },
        },
        ORIGIN,
      ),
    ).toEqual({
      title: 'Ответ на обращение',
      body: 'На ваше обращение № 7 поступил ответ.',
      tag: 'notification-41',
      url: '/ru/profile/appeals/7',
    })
    expect(
      readPush({ data: { title: 'Project approved', message: 'Your project "Solar" has been approved.' } }, ORIGIN),
    ).toEqual({
      title: 'Project approved',
      body: 'Your project "Solar" has been approved.',
      tag: undefined,
      url: '/profile',
    })
    expect(readPush({}, ORIGIN).title).toBe('invest.example')
  })
})
