/**
 * The operator console (docs/decisions/0030-operator-console.md), against `npm start`'s local stack: operators sign in
 * through the Access stand-in, and what they decide reaches the applicant as the portal shows it: a reply on the open
 * appeal page without a reload, a project's rejection reason on the owner's page, an approved registration's account.
 * The inbox export holds the applications shown; an editor cannot open moderation; every action is in the audit log.
 */
import fs from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import {
  BUSINESSMAN,
  latestResetLink,
  pendingRegistrationId,
  sendAppeal,
  signInWithOneId,
  signInWithPassword,
  uniqueIp,
} from './account-support'
import { type ConsoleSession, signInToConsole } from './console-support'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { href, isSameDocument, markDocument } from './support'

const IP = uniqueIp()
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': IP } })

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Resolves once the page's realtime socket is open (the live region says so). */
async function waitForLive(page: Page) {
  await expect(page.locator('[data-realtime]')).toHaveAttribute('data-realtime', 'live', { timeout: 10_000 })
}

/** Ends an operator's session, failing the test on any console error its pages raised. */
async function close(session: ConsoleSession) {
  expect(session.errors, 'console errors on the console’s pages').toEqual([])
  await session.context.close()
}

/** The audit log, as an admin sees it filtered to one record: the actions recorded for it. */
async function auditedActions(browser: Browser, target: string, id: number): Promise<string[]> {
  const admin = await signInToConsole(browser, 'admin')
  await admin.page.goto(`/en/audit?target=${target}&target_id=${id}`)
  const actions = await admin.page.locator('tr[data-action]').evaluateAll((rows) => rows.map((r) => r.dataset.action!))
  await close(admin)
  return actions
}

test('a moderator replies to an appeal; the applicant’s open appeal page shows the reply without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await signInWithPassword(page, BUSINESSMAN)
  const id = await sendAppeal(page, baseURL!, `Customs clearance of our press line takes weeks (${tag()}).`)
  await page.goto(href('profile-appeals', { locale: 'en', params: { id: String(id) } }))
  await waitForHydration(page)
  await waitForLive(page)
  await expect(page.locator('main .badge')).toHaveText('Under review')
  await markDocument(page)

  const moderator = await signInToConsole(browser, 'moderator')
  await checkA11y(moderator.page)
  await moderator.page.getByRole('link', { name: /^Appeals/ }).click()
  await expect(moderator.page.getByRole('link', { name: /^In moderation/ })).toHaveAttribute('aria-current', 'page')
  await moderator.page.goto(`/en/appeals/${id}`)
  await expect(moderator.page.getByRole('heading', { level: 1 })).toHaveText(`Appeal No. ${id}`)
  await checkA11y(moderator.page)
  const reply = 'The customs office has cleared the line; the certificate follows by mail.'
  await moderator.page.getByLabel('Reply').fill(reply)
  await moderator.page.getByRole('button', { name: 'Send the answer' }).click()
  await expect(moderator.page.getByRole('status')).toContainText('The reply is sent.')
  await expect(moderator.page.locator('.console-thread')).toContainText(reply)

  await expect(page.locator('main .badge')).toHaveText('Answered')
  await expect(page.locator('.thread')).toContainText(reply)
  expect(await isSameDocument(page)).toBe(true)
  await close(moderator)
  expect(await auditedActions(browser, 'appeal', id)).toEqual(['appeal.reply'])
})

test('a project rejected in the console with a reason shows that reason on the owner’s page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await signInWithOneId(page, 'businessmen')
  const title = `Cold storage for Fergana fruit ${tag()}`
  const created = await page.request.post('/gateway/siw/personal/project', {
    headers: { origin: baseURL!, 'x-requested-with': 'invest-portal' },
    data: {
      title: { en: title, ru: '', uz: '' },
      content: { en: '<p>Ten thousand tonnes of storage near Margilan.</p>', ru: '', uz: '' },
      category_id: 1,
      sector_id: 1,
      region_id: 1703,
      budget: 2_500_000,
      budgets: [],
      draft: false,
    },
  })
  expect(created.status(), await created.text()).toBe(200)
  const id = ((await created.json()) as { content: { id: number } }).content.id
  await page.goto(href('profile-my-projects', { locale: 'en' }))
  await waitForHydration(page)
  await waitForLive(page)
  const row = page.locator('.record').filter({ hasText: title })
  await expect(row.locator('.badge')).toHaveText('Under moderation')

  const moderator = await signInToConsole(browser, 'moderator')
  await moderator.page.goto(`/ru/projects/${id}`)
  await expect(moderator.page.getByRole('heading', { level: 1 })).toHaveText(title)
  const reason = 'Приложите договор аренды земли к презентации.'
  await moderator.page.getByLabel('Причина').fill(reason)
  await moderator.page.getByRole('button', { name: 'Отклонить', exact: true }).click()
  await expect(moderator.page.getByRole('status')).toContainText('Проект отклонён')
  await checkA11y(moderator.page)
  await close(moderator)

  await expect(row.locator('.badge')).toHaveText('Rejected')
  await expect(row).toContainText(reason)
  expect(await auditedActions(browser, 'project', id)).toEqual(['project.reject'])
})

test('a registration approved in the console lets the applicant set a password and sign in', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const email = `console.applicant.${tag()}@example.com`
  const sent = await request.post('/gateway/siw/public/investor-registration', {
    headers: { origin: baseURL!, 'x-requested-with': 'invest-portal' },
    data: {
      company_name: 'Andes Lithium Partners SA',
      website: '',
      email,
      phone: '+56 9 8765 4321',
      position: 'Partner',
      name: 'Valentina',
      surname: 'Rojas',
      country_id: 156,
      source: 'forum',
      source_variant: '',
      comments: '',
      is_resident: false,
      hash: '',
    },
  })
  expect(sent.status(), await sent.text()).toBe(200)

  const id = await pendingRegistrationId(request, email)
  const moderator = await signInToConsole(browser, 'moderator')
  await moderator.page.getByRole('link', { name: /^Registrations/ }).click()
  await expect(moderator.page.getByRole('link', { name: /^Waiting/ })).toHaveAttribute('aria-current', 'page')
  await moderator.page.goto(`/en/registrations/${id}`)
  await expect(moderator.page.locator('.console-facts')).toContainText('Andes Lithium Partners SA')
  await checkA11y(moderator.page)
  await moderator.page.getByRole('button', { name: 'Approve and open the account' }).click()
  await expect(moderator.page.getByRole('status')).toContainText('The registration is approved')
  await close(moderator)

  await page.goto(await latestResetLink(request, email))
  await waitForHydration(page)
  await expect(page.locator('main h1')).toHaveText('Set your password')
  const password = `Console#${Date.now()}`
  await page.locator('input[name="password"]').fill(password)
  await page.locator('input[name="password_confirmation"]').fill(password)
  await page.getByRole('button', { name: 'Save the password' }).click()
  await page.waitForURL(/\/en\/auth\/sign-in\?role=investor/)
  await signInWithPassword(page, { email, password, role: 'investor' })
  await expect(page.locator('main')).toContainText('Valentina')
  await expect(page.locator('main')).toContainText('Andes Lithium Partners SA')
  expect(await auditedActions(browser, 'registration', id)).toEqual(['registration.approve'])
})

test('an inbox export holds the event applications the filtered list shows', async ({ browser, request, baseURL }) => {
  test.setTimeout(60_000)
  const surname = `Exporttest${tag()}`
  const ids: number[] = []
  for (const first of ['Kamola', 'Bekzod']) {
    const res = await request.post('/gateway/siw/public/event-application', {
      headers: { origin: baseURL!, 'x-requested-with': 'invest-portal', 'cf-connecting-ip': uniqueIp() },
      data: {
        event_id: 8,
        role: 'participant',
        first_name: first,
        last_name: surname,
        middle_name: '',
        birth_date: '1991-05-14',
        gender: first === 'Kamola' ? 'female' : 'male',
        email: `${first.toLowerCase()}.${surname.toLowerCase()}@example.com`,
        phone: '998901234500',
        passport: 'AB1234567',
        country_id: 860,
        address: 'Tashkent, Yunusabad',
        birthplace: 'Tashkent',
        organization: 'UzAgroExport',
        position: 'Analyst',
        activity: '',
        hash: '',
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    ids.push(((await res.json()) as { content: { id: number } }).content.id)
  }

  const moderator = await signInToConsole(browser, 'moderator')
  await moderator.page.getByRole('link', { name: /^Inbox/ }).click()
  await moderator.page.getByRole('link', { name: /^Event applications/ }).click()
  await moderator.page.getByLabel('Show').selectOption('all')
  await moderator.page.getByLabel(/^Search/).fill(surname)
  await moderator.page.getByRole('button', { name: 'Show', exact: true }).click()
  const shown = await moderator.page
    .locator('tbody tr[data-id]')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.id)))
  expect(shown.sort()).toEqual([...ids].sort())
  await checkA11y(moderator.page)

  const [download] = await Promise.all([
    moderator.page.waitForEvent('download'),
    moderator.page.getByRole('link', { name: 'Export as CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^inbox-event-\d{4}-\d\d-\d\d\.csv$/)
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
  const rows = csv.trim().split('\r\n')
  expect(rows[0]).toMatch(/^"No\.","Received","Event",/)
  const exported = rows.slice(1).map((line) => Number(line.split(',')[0]!.replace(/"/g, '')))
  expect(exported.sort()).toEqual(shown.sort())
  expect(csv).toContain(surname)
  await close(moderator)
  const admin = await signInToConsole(browser, 'admin')
  await admin.page.goto('/en/audit?action=inbox.export')
  await expect(admin.page.locator('tr[data-action="inbox.export"]').first()).toContainText(`q: ${surname}`)
  await checkA11y(admin.page)
  await close(admin)
})

test('an editor cannot open moderation: no such sections, and a 403 at their addresses', async ({ browser }) => {
  const editor = await signInToConsole(browser, 'editor')
  const sections = editor.page.getByRole('navigation', { name: 'Sections' })
  await expect(sections.getByRole('link')).toHaveText(['Overview', 'Content'])
  await checkA11y(editor.page)
  for (const path of ['/en/appeals', '/en/registrations', '/en/inbox', '/en/operators']) {
    const answer = await editor.page.goto(path)
    expect(answer!.status(), path).toBe(403)
    await expect(editor.page.getByRole('heading', { level: 1 })).toHaveText('Not for your role')
  }
  await checkA11y(editor.page)
  // The 403 answers above are the test's own requests, not errors of the pages.
  editor.errors.splice(0, editor.errors.length, ...editor.errors.filter((e) => !/status of 403/.test(e)))
  await close(editor)
})

/** Presses Tab until `target` has the focus (at most `limit` presses), as a keyboard user moves through the page. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

test('a moderator answers an appeal with the keyboard alone: each control is reached by Tab and works with Enter', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  await signInWithPassword(page, BUSINESSMAN)
  const id = await sendAppeal(page, baseURL!, `Our export licence is still pending (${tag()}).`)

  const moderator = await signInToConsole(browser, 'moderator')
  const screen = moderator.page
  await tabTo(screen, screen.getByRole('link', { name: /^Appeals/ }).first())
  await screen.keyboard.press('Enter')
  await expect(screen.getByRole('link', { name: /^In moderation/ })).toHaveAttribute('aria-current', 'page')
  await tabTo(screen, screen.locator(`a[href$="/appeals/${id}"]`).first())
  await screen.keyboard.press('Enter')
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText(`Appeal No. ${id}`)
  await tabTo(screen, screen.getByLabel('Reply'))
  await screen.keyboard.type('The licence was issued today; you will find it in your profile.')
  await tabTo(screen, screen.getByRole('button', { name: 'Send the answer' }))
  await screen.keyboard.press('Enter')
  await expect(screen.getByRole('status')).toContainText('The reply is sent.')
  await expect(screen.locator('.console-thread')).toContainText('The licence was issued today')
  await close(moderator)
})
