/**
 * Every guard outcome (docs/product.md#validation, #guards) on the account routes, for visitors, non-residents and
 * residents.
 */
import type { RouteId } from '../../shared/routing/routes'
import { BUSINESSMAN, signInWithOneId, signInWithPassword, uniqueIp } from './account-support'
import { expect, test } from './fixtures'
import { dropExpectedErrors, href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

type Case = {
  id: RouteId
  params?: Record<string, string>
  query?: Record<string, string>
  status: number
  text: string
}

async function expectOutcome(page: import('@playwright/test').Page, c: Case) {
  const res = await page.goto(href(c.id, { locale: 'en', params: c.params, query: c.query }))
  expect(res?.status(), `${c.id} ${JSON.stringify(c.params ?? {})}`).toBe(c.status)
  await expect(page.locator('main')).toContainText(c.text)
}

test('a visitor gets 403 on protected pages and 401 on the residency-bound ones', async ({ page, consoleErrors }) => {
  const cases: Case[] = [
    { id: 'profile', status: 403, text: 'Forbidden' },
    { id: 'profile-company', status: 403, text: 'Forbidden' },
    { id: 'profile-appeals', status: 403, text: 'Forbidden' },
    { id: 'profile-appeals', params: { id: '1' }, status: 403, text: 'Forbidden' },
    { id: 'profile-my-projects', status: 403, text: 'Forbidden' },
    { id: 'profile-project-form', status: 403, text: 'Forbidden' },
    { id: 'profile-my-services', status: 401, text: 'Unauthorized' },
    { id: 'profile-password', status: 401, text: 'Unauthorized' },
    { id: 'sign-in', query: { role: 'admin' }, status: 403, text: 'Forbidden' },
    { id: 'forgot-password', status: 403, text: 'Forbidden' },
  ]
  for (const c of cases) await expectOutcome(page, c)
  dropExpectedErrors(consoleErrors, /status of 40[13]/)
})

test('a non-resident may change the password but has no personal services', async ({ page, consoleErrors }) => {
  await signInWithPassword(page, BUSINESSMAN)
  await expectOutcome(page, { id: 'profile-password', status: 200, text: 'Change password' })
  await expectOutcome(page, { id: 'profile-my-services', status: 403, text: 'Forbidden' })
  await expectOutcome(page, { id: 'profile-appeals', params: { id: 'abc' }, status: 404, text: 'Page Not Found' })
  await expectOutcome(page, { id: 'profile-my-projects', query: { page: 'x' }, status: 404, text: 'Page Not Found' })
  dropExpectedErrors(consoleErrors, /status of 40[34]/)
})

test('a resident has personal services but no password page, and another user’s appeal is not found', async ({
  page,
  consoleErrors,
}) => {
  await signInWithOneId(page, 'investor')
  await expectOutcome(page, { id: 'profile-my-services', status: 200, text: 'My services' })
  await expectOutcome(page, { id: 'profile-password', status: 403, text: 'Forbidden' })
  await expectOutcome(page, { id: 'profile-appeals', params: { id: '999999' }, status: 404, text: 'Page Not Found' })
  dropExpectedErrors(consoleErrors, /status of 40[34]/)
})
