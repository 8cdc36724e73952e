/**
 * Registration opens an account (docs/product.md#registration): a non-resident investor registers, a second
 * application for the same e-mail is answered as the first was while the address's owner is mailed why (nobody learns
 * from the form whether an address is registered), the moderator approves, the applicant follows
 * the set-password link from the mail, sets a password, signs in and sees the profile with the registered name. Once
 * without JavaScript (every step a form post to a page action) and once with it, in Russian.
 */
import type { Page } from '@playwright/test'
import type { Locale } from '../../contract/locales'
import { latestResetLink, moderate, pendingRegistrationId, signInWithPassword, uniqueIp } from './account-support'
import { checkA11y, expect, OUTBOX_READ, test, waitForHydration } from './fixtures'
import { GERMANY, href } from './support'

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': uniqueIp() } })

type Applicant = { email: string; name: string; surname: string; company: string }

const TEXT = {
  en: {
    nonResident: 'Non-resident (foreign citizen or company)',
    send: 'Send registration',
    duplicateMail: 'A registration on Invest Portal with your e-mail address',
    setTitle: 'Set your password',
    save: 'Save the password',
    passwordSet: 'Your password is set. Sign in with your e-mail and the new password.',
  },
  ru: {
    nonResident: 'Нерезидент (иностранный гражданин или компания)',
    send: 'Отправить заявку',
    duplicateMail: 'Регистрация на Invest Portal с вашим адресом электронной почты',
    setTitle: 'Задайте пароль',
    save: 'Сохранить пароль',
    passwordSet: 'Пароль задан. Войдите с вашей электронной почтой и новым паролем.',
  },
} as const

/**
 * The subjects of the mails sent to `email` through the EMAIL binding, newest first (the reference gateway's outbox,
 * local mode only).
 */
async function outboxSubjects(request: Parameters<typeof moderate>[0], email: string): Promise<string[]> {
  const res = await request.get(`/_dev/outbox?email=${encodeURIComponent(email)}`, OUTBOX_READ)
  const mails = ((await res.json()) as { content: { subject: string; status: string }[] }).content
  return mails.filter((m) => m.status === 'sent').map((m) => m.subject)
}

const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

/** Fills the investor form as a non-resident from Germany and sends it. */
async function sendInvestorForm(page: Page, locale: 'en' | 'ru', a: Applicant, js: boolean) {
  await page.goto(href('guide-register-investor', { locale }))
  if (js) await waitForHydration(page)
  await page.getByLabel(TEXT[locale].nonResident).check()
  await page.locator('#register-country_id').selectOption(String(GERMANY.id))
  await page.locator('#register-company_name').fill(a.company)
  await page.locator('#register-name').fill(a.name)
  await page.locator('#register-surname').fill(a.surname)
  await page.locator('#register-email').fill(a.email)
  await page.locator('#register-phone').fill('+49 30 1234 5678')
  await page.locator('#register-source').selectOption('forum')
  await page.getByRole('button', { name: TEXT[locale].send }).click()
}

/** The whole way from the form to the profile. */
async function registerAndSignIn(
  page: Page,
  request: Parameters<typeof moderate>[0],
  baseURL: string,
  locale: 'en' | 'ru',
  a: Applicant,
  js: boolean,
) {
  const t = TEXT[locale]
  await sendInvestorForm(page, locale, a, js)
  await expect(page).toHaveURL(href('success-registration', { locale }))

  // The same e-mail again, while the first application waits: the form answers as it did the first time, and only the
  // address's owner learns, by mail, that nothing new was made.
  await sendInvestorForm(page, locale, a, js)
  await expect(page).toHaveURL(href('success-registration', { locale }))
  await expect.poll(async () => (await outboxSubjects(request, a.email)).includes(t.duplicateMail)).toBe(true)

  await moderate(request, baseURL, {
    kind: 'registration',
    id: await pendingRegistrationId(request, a.email),
    action: 'approve',
  })

  const link = await latestResetLink(request, a.email)
  expect(link).toMatch(new RegExp(`^/${locale}/auth/reset-password\\?.*purpose=welcome`))
  await page.goto(link)
  if (js) await waitForHydration(page)
  await expect(page.locator('main h1')).toHaveText(t.setTitle)
  await expect(page).toHaveTitle(new RegExp(`^${t.setTitle} — `))
  await expect(page.locator('main .lead')).toContainText(a.email)
  const password = `Welcome#${Date.now()}`
  await page.locator('input[name="password"]').fill(password)
  await page.locator('input[name="password_confirmation"]').fill(password)
  await page.getByRole('button', { name: t.save }).click()
  await page.waitForURL(new RegExp(`/${locale}/auth/sign-in\\?role=investor`))
  await expect(page.getByText(t.passwordSet).first()).toBeVisible()

  await signInWithPassword(page, { email: a.email, password, role: 'investor' }, { locale: locale as Locale, js })
  const main = page.locator('main')
  await expect(main).toContainText(a.name)
  await expect(main).toContainText(a.surname)
  await expect(main).toContainText(a.company)
  await expect(main).toContainText(a.email)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a non-resident investor registers, registers again unnoticed, is approved, sets a password from the mail and signs in', async ({
    page,
    request,
    baseURL,
  }) => {
    const applicant = {
      email: uniqueEmail('nojs.registrant'),
      name: 'Jonas',
      surname: 'Weber',
      company: 'Rhein Solar GmbH',
    }
    await registerAndSignIn(page, request, baseURL!, 'en', applicant, false)
  })
})

test('with JavaScript, in Russian: registers, registers again unnoticed, is approved, sets a password from the mail and signs in', async ({
  page,
  request,
  baseURL,
}) => {
  const applicant = { email: uniqueEmail('js.registrant'), name: 'Anna', surname: 'Schmidt', company: 'Elbe Wind AG' }
  await registerAndSignIn(page, request, baseURL!, 'ru', applicant, true)
})

test('the success page and the set-password page pass the accessibility checks', async ({ page, request, baseURL }) => {
  const applicant = { email: uniqueEmail('a11y.registrant'), name: 'Lena', surname: 'Fischer', company: 'Main Agro KG' }
  await sendInvestorForm(page, 'en', applicant, true)
  await expect(page).toHaveURL(href('success-registration', { locale: 'en' }))
  await checkA11y(page)

  await moderate(request, baseURL!, {
    kind: 'registration',
    id: await pendingRegistrationId(request, applicant.email),
    action: 'approve',
  })
  await page.goto(await latestResetLink(request, applicant.email))
  await waitForHydration(page)
  await expect(page.locator('main h1')).toHaveText(TEXT.en.setTitle)
  await checkA11y(page)
})
