/**
 * Media pages (docs/product.md#routes): news and other post lists with pagination, posts, galleries with the lightbox,
 * stories,
 * events (upcoming first) and the event application with its documents, with and without JavaScript.
 */
import type { Page } from '@playwright/test'
import { checkA11y, expect, test, waitForHydration } from './fixtures'
import { dropStatusError, GERMANY, holdRequests, href, PNG, seed } from './support'

/**
 * The success page after an event application: its notice, and the reference the gateway gave the application, in the
 * address and on the page.
 */
async function expectApplicationReceived(page: Page) {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === href('success-registration', { locale: 'en' }) &&
      url.searchParams.get('notice') === 'notices.eventApplication' &&
      /^EV-\d{4}-\d{6}$/.test(url.searchParams.get('reference') ?? ''),
  )
  await expect(page.locator('main')).toContainText(new URL(page.url()).searchParams.get('reference')!)
}

type L = { uz: string; ru: string; en: string }
const posts = seed<{ id: number; category: string; publish_date: string; title: L }[]>('posts')
const galleries = seed<{ id: number; title: L; images: { caption: L }[] }[]>('galleries')
const stories = seed<{ id: number; title: L; publish_date: string }[]>('stories')
const events = seed<{ id: number; name: L; date_from_offset_days: number; date_to_offset_days: number }[]>('events')

const newest = (category: string) =>
  posts.filter((p) => p.category === category).sort((a, b) => b.publish_date.localeCompare(a.publish_date))
const news = newest('news')
const upcoming = events
  .filter((e) => e.date_to_offset_days > 0)
  .sort((a, b) => a.date_from_offset_days - b.date_from_offset_days)
const past = events.filter((e) => e.date_to_offset_days < 0)

/** A 1×1 PNG and a one-page PDF: real files of the accepted types, generated here. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const png = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: PNG })
const pdf = (name = 'passport.pdf') => ({ name, mimeType: 'application/pdf', buffer: PDF })

test.describe('media lists', () => {
  test('every media type lists its cards under its own heading, the sub-navigation marking it', async ({ page }) => {
    for (const [type, heading] of [
      ['news', 'News'],
      ['publication', 'Publications'],
      ['pr_material', 'PR materials'],
      ['blog', 'Blog'],
      ['gallery', 'Photo gallery'],
    ] as const) {
      const res = await page.goto(href('media', { locale: 'en', params: { id: type } }))
      expect(res?.status()).toBe(200)
      await expect(page.locator('main h1')).toHaveText(heading)
      await expect(
        page.getByRole('navigation', { name: 'Media sections' }).locator('[aria-current="page"]'),
      ).toHaveText(heading)
      await expect(page.locator('main .card').first()).toBeVisible()
    }
  })

  test('news cards show the image, category, title and date, newest first', async ({ page }) => {
    await page.goto(href('media', { locale: 'en', params: { id: 'news' } }))
    const first = page.locator('main .card').first()
    await expect(first.locator('.card__title')).toHaveText(news[0]!.title.en)
    await expect(first.locator('.card__kicker')).toHaveText('News')
    await expect(first.locator('time')).toHaveAttribute('datetime', new RegExp(`^${news[0]!.publish_date}`))
    await expect(first.locator('img')).toHaveAttribute('width', /\d+/)
    await checkA11y(page)
  })

  test('pagination moves through news on the client and keeps a 0-based page in the URL', async ({ page }) => {
    await page.goto(href('media', { locale: 'en', params: { id: 'news' } }))
    await waitForHydration(page)
    const pager = page.getByRole('navigation', { name: 'Pages' })
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await pager.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(href('media', { locale: 'en', params: { id: 'news' }, query: { page: 1 } }))
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('main .card__title').first()).toHaveText(news[6]!.title.en)
    await pager.getByRole('link', { name: 'Previous' }).click()
    await expect(page.locator('main .card__title').first()).toHaveText(news[0]!.title.en)
  })

  test('pagination works on other media pages and on a direct load of a later page', async ({ page }) => {
    const blog = newest('blog')
    await page.goto(href('media', { locale: 'en', params: { id: 'blog' }, query: { page: 1 } }))
    await expect(page.locator('main .card__title').first()).toHaveText(blog[6]!.title.en)
    await expect(page).toHaveTitle(/^Blog, page 2 — /)
    const byDate = [...stories].sort((a, b) => b.publish_date.localeCompare(a.publish_date))
    await page.goto(href('story-list', { locale: 'en', query: { page: 1 } }))
    await expect(page.locator('main .card__title').first()).toHaveText(byDate[6]!.title.en)
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  test('the lists read in Russian and Uzbek too', async ({ page }) => {
    await page.goto(href('media', { locale: 'ru', params: { id: 'news' } }))
    await expect(page.locator('main h1')).toHaveText('Новости')
    await expect(page.locator('main .card__title').first()).toHaveText(news[0]!.title.ru)
    await page.goto(href('event-list', { locale: 'uz' }))
    await expect(page.locator('main h1')).toHaveText('Tadbirlar')
    await expect(page.locator('#events-upcoming')).toContainText('Boʻlajak tadbirlar')
  })

  test('an unknown media type answers 404', async ({ page, consoleErrors }) => {
    const res = await page.goto(href('media', { locale: 'en', params: { id: 'video' } }))
    expect(res?.status()).toBe(404)
    dropStatusError(consoleErrors, 404)
  })
})

test.describe('posts', () => {
  const post = news[0]!

  test('a post shows its title, date, author, photo, text, breadcrumbs, share links and related posts', async ({
    page,
  }) => {
    const res = await page.goto(href('post', { locale: 'en', params: { id: String(post.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(post.title.en)
    await expect(page).toHaveTitle(`${post.title.en} — Invest Portal`)
    await expect(page.locator('.article__meta time')).toHaveAttribute('datetime', new RegExp(`^${post.publish_date}`))
    await expect(page.locator('.article__meta')).toContainText('Author:')
    await expect(page.locator('.article__photo img')).toHaveAttribute('height', /\d+/)
    await expect(page.locator('.article .prose p').first()).toBeVisible()
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i })
    await expect(crumbs.getByRole('link', { name: 'News' })).toHaveAttribute(
      'href',
      href('media', { locale: 'en', params: { id: 'news' } }),
    )
    await waitForHydration(page)
    await expect(page.locator('.share__link[href^="https://t.me/share/url?url="]')).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(page.url())),
    )
    await expect(page.locator('.share script, iframe')).toHaveCount(0)
    // Related posts load as the reader scrolls down to them.
    const related = page.locator('.related-posts')
    await related.scrollIntoViewIfNeeded()
    await expect(related.locator('.card')).toHaveCount(3)
    await expect(related.locator('.card__title', { hasText: post.title.en })).toHaveCount(0)
    await checkA11y(page)
  })

  test('a post reads in Uzbek, dated with an Uzbek month name after hydration, and an unknown post answers 404', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(href('post', { locale: 'uz', params: { id: String(post.id) } }))
    await expect(page.locator('main h1')).toHaveText(post.title.uz)
    await waitForHydration(page)
    // Chromium's ICU has no Uzbek data ("2026 M12 4"); the portal writes CLDR's uz-Latn form on the edge and here
    // alike.
    await expect(page.locator('.article__meta time')).toHaveText(
      /^\d{1,2}-(yanvar|fevral|mart|aprel|may|iyun|iyul|avgust|sentabr|oktabr|noyabr|dekabr), \d{4}$/,
    )
    const res = await page.goto(href('post', { locale: 'en', params: { id: '999999' } }))
    expect(res?.status()).toBe(404)
    dropStatusError(consoleErrors, 404)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a post page shows the whole article, its breadcrumbs and a link to its category', async ({ page }) => {
    const post = newest('publication')[0]!
    const res = await page.goto(href('post', { locale: 'en', params: { id: String(post.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(post.title.en)
    await expect(page.locator('.article .prose p').first()).toBeVisible()
    await expect(page.locator('.related-posts__list')).toBeHidden()
    await expect(page.locator('.related-posts').getByRole('link', { name: /Publications/ })).toHaveAttribute(
      'href',
      href('media', { locale: 'en', params: { id: 'publication' } }),
    )
  })

  test('the news list and its pagination are plain links', async ({ page }) => {
    await page.goto(href('media', { locale: 'en', params: { id: 'news' } }))
    await expect(page.locator('main .card')).toHaveCount(6)
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=1$/)
    await expect(page.locator('main .card__title').first()).toHaveText(news[6]!.title.en)
  })

  test('the registration form shows field errors, then creates the application with both documents', async ({
    page,
    consoleErrors,
  }) => {
    const event = upcoming[0]!
    await page.goto(href('event-register', { locale: 'en', query: { event_id: String(event.id) } }))
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect(page.locator('.error-summary')).toBeVisible()
    await expect(page.locator('#field-last_name-error')).toContainText('Fill in this field.')
    await expect(page.locator('#field-passport_scan-error')).toContainText('Choose a file.')

    await fillApplication(page, { email: 'nojs.applicant@example.com' })
    await page.setInputFiles('#field-passport_scan', pdf())
    await page.setInputFiles('#field-image', { name: 'photo.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect(page.locator('#field-image-error')).toContainText('Choose a file of an accepted type.')
    await expect(page.locator('#field-last_name')).toHaveValue('Schneider')
    await expect(page.locator('.event-form__again')).toBeVisible()
    // Both corrections came back as 422 pages, which Chromium logs as failed loads.
    dropStatusError(consoleErrors, 422)

    await page.setInputFiles('#field-passport_scan', pdf())
    await page.setInputFiles('#field-image', png())
    await page.getByRole('button', { name: 'Send application' }).click()
    await expectApplicationReceived(page)
  })
})

test.describe('galleries', () => {
  const gallery = galleries[0]!

  test('the lightbox opens a photo with its caption and pages with the arrow keys; Escape returns focus to its thumbnail', async ({
    page,
  }) => {
    const res = await page.goto(href('gallery', { locale: 'en', params: { id: String(gallery.id) } }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(gallery.title.en)
    const thumbs = page.locator('.gallery-grid__link')
    await expect(thumbs).toHaveCount(gallery.images.length)
    await waitForHydration(page)
    await thumbs.first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const total = gallery.images.length
    await expect(dialog.locator('.lightbox__title')).toContainText(`1 of ${total}`)
    await expect(dialog.locator('.lightbox__caption')).toHaveText(gallery.images[0]!.caption.en)
    await checkA11y(page)
    await page.keyboard.press('ArrowRight')
    await expect(dialog.locator('.lightbox__title')).toContainText(`2 of ${total}`)
    await expect(dialog.locator('.lightbox__caption')).toHaveText(gallery.images[1]!.caption.en)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(dialog.locator('.lightbox__title')).toContainText(`${total} of ${total}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Focus returns to the thumbnail of the photo last shown.
    await expect(thumbs.nth(total - 1)).toBeFocused()
  })

  test('the gallery list links each album', async ({ page }) => {
    await page.goto(href('media', { locale: 'ru', params: { id: 'gallery' } }))
    await page.locator('main .card__link').first().click()
    await expect(page.locator('main h1')).not.toBeEmpty()
    await expect(page.locator('.gallery-grid img').first()).toHaveAttribute('alt', /.+/)
  })
})

test.describe('stories', () => {
  test('the story list and a story', async ({ page }) => {
    const story = [...stories].sort((a, b) => b.publish_date.localeCompare(a.publish_date))[0]!
    const res = await page.goto(href('story-list', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText('Success stories')
    await checkA11y(page)
    await page.locator('main .card__link', { hasText: story.title.en }).click()
    await expect(page).toHaveURL(href('story', { locale: 'en', params: { id: String(story.id) } }))
    await expect(page.locator('main h1')).toHaveText(story.title.en)
    await expect(page.locator('.article .prose p').first()).toBeVisible()
    await page.goto(href('story', { locale: 'ru', params: { id: String(story.id) } }))
    await expect(page.locator('main h1')).toHaveText(story.title.ru)
  })
})

test.describe('events', () => {
  test('upcoming events come first, soonest first, then the past ones in their own section', async ({ page }) => {
    const res = await page.goto(href('event-list', { locale: 'en' }))
    expect(res?.status()).toBe(200)
    const upcomingTitles = page.locator('section[aria-labelledby="events-upcoming"] .card__title')
    await expect(upcomingTitles).toHaveText(upcoming.map((e) => e.name.en))
    await expect(page.locator('section[aria-labelledby="events-past"] .card')).toHaveCount(past.length)
    await expect(page.locator('section[aria-labelledby="events-upcoming"] .card__badge').first()).toHaveText(
      'Registration open',
    )
    const sections = await page.locator('.event-group h2').allTextContents()
    expect(sections[0]).toContain('Upcoming events')
    expect(sections[1]).toContain('Past events')
    await checkA11y(page)
  })

  test('an upcoming event offers registration and its agenda; a past one says it has ended', async ({ page }) => {
    const event = upcoming[0]!
    await page.goto(href('event', { locale: 'en', params: { id: String(event.id) } }))
    await expect(page.locator('main h1')).toHaveText(event.name.en)
    await expect(page.locator('.event-facts')).toContainText('Tashkent time')
    await expect(page.getByRole('link', { name: 'Register to attend' })).toHaveAttribute(
      'href',
      href('event-register', { locale: 'en', query: { event_id: String(event.id) } }),
    )
    const agenda = page.getByRole('link', { name: /Download the agenda/ })
    const agendaHref = await agenda.getAttribute('href')
    expect(agendaHref).toBeTruthy()
    const download = await page.request.get(agendaHref!)
    expect(download.status()).toBe(200)
    await checkA11y(page)

    await page.goto(href('event', { locale: 'en', params: { id: String(past[0]!.id) } }))
    await expect(page.getByRole('link', { name: 'Register to attend' })).toHaveCount(0)
    await expect(page.locator('.event-facts__closed')).toBeVisible()
  })

  test('registration for a past event is closed, and a missing event_id answers 404', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(href('event-register', { locale: 'en', query: { event_id: String(past[0]!.id) } }))
    await expect(page.getByText('Registration is closed')).toBeVisible()
    await expect(page.locator('form.event-form')).toHaveCount(0)
    const res = await page.goto(href('event-register', { locale: 'en' }))
    expect(res?.status()).toBe(404)
    dropStatusError(consoleErrors, 404)
  })
})

async function fillApplication(page: Page, overrides: { email?: string } = {}) {
  await page.getByLabel('Investor', { exact: true }).check()
  await page.fill('#field-last_name', 'Schneider')
  await page.fill('#field-first_name', 'Anna')
  await page.fill('#field-birth_date', '1986-04-12')
  await page.getByLabel('Female', { exact: true }).check()
  await page.fill('#field-birthplace', 'Leipzig, Germany')
  await page.selectOption('#field-country_id', String(GERMANY.id))
  await page.fill('#field-address', 'Karl-Liebknecht-Strasse 12, Leipzig, Germany')
  await page.fill('#field-passport', 'c 4f9 1234')
  await page.fill('#field-email', overrides.email ?? 'anna.schneider@example.com')
  await page.fill('#field-phone', '+49 341 555 0192')
  await page.fill('#field-organization', 'Saxon Solar Components GmbH')
  await page.fill('#field-position', 'Business development manager')
}

test.describe('event registration with JavaScript', () => {
  const event = upcoming[1] ?? upcoming[0]!
  const registerUrl = href('event-register', { locale: 'en', query: { event_id: String(event.id) } })

  test('field errors are summarised with links to the fields; a complete application uploads with progress and succeeds', async ({
    page,
  }) => {
    await page.goto(registerUrl)
    await waitForHydration(page)
    await expect(page.locator('.photo-guide')).toContainText('Photo requirements')
    await page.getByRole('button', { name: 'Send application' }).click()
    const summary = page.locator('.error-summary')
    await expect(summary).toBeFocused()
    await expect(page.locator('#field-image-error')).toContainText('Choose a file.')
    await expect(page.locator('#field-gender-error')).toContainText('Choose one of the options.')
    await checkA11y(page)
    await summary.getByRole('link', { name: /Last name/ }).click()
    await expect(page.locator('#field-last_name')).toBeFocused()

    await fillApplication(page)
    await page.setInputFiles('#field-passport_scan', pdf())
    await page.setInputFiles('#field-image', png())
    // The upload waits until its progress has been seen.
    const upload = await holdRequests(page, '**/gateway/document/public/event-application')
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect(page.locator('.upload-progress__bar')).toBeVisible()
    await expect(page.locator('.upload-progress__text')).toContainText(/Uploading documents: \d+%/)
    upload.release()
    await expectApplicationReceived(page)
    const uploadHeaders = upload.held[0]!.headers()
    expect(uploadHeaders['x-requested-with']).toBe('invest-portal')
    expect(uploadHeaders['content-type']).toMatch(/^multipart\/form-data/)
  })

  test('a too-large photo, a scan of the wrong type and malformed values are refused before anything is sent', async ({
    page,
  }) => {
    await page.goto(registerUrl)
    await waitForHydration(page)
    let sent = 0
    await page.route('**/gateway/**', (route) => {
      sent++
      return route.continue()
    })
    await fillApplication(page)
    await page.fill('#field-email', 'not-an-email')
    await page.fill('#field-birth_date', '2999-01-01')
    await page.fill('#field-passport', 'AB-12')
    await page.setInputFiles('#field-passport_scan', {
      name: 'passport.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a scan'),
    })
    await page.setInputFiles('#field-image', {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    })
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect(page.locator('#field-email-error')).toContainText('e-mail')
    await expect(page.locator('#field-birth_date-error')).toContainText('date of birth')
    await expect(page.locator('#field-passport-error')).toContainText('5 to 20 letters and digits')
    await expect(page.locator('#field-passport_scan-error')).toContainText('accepted type')
    await expect(page.locator('#field-image-error')).toContainText('larger than 10 MB')
    expect(sent).toBe(0)
  })

  test('a file the gateway rejects keeps the saved details; the documents alone are sent again', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(registerUrl)
    await waitForHydration(page)
    await fillApplication(page, { email: 'retry.applicant@example.com' })
    await page.setInputFiles('#field-passport_scan', pdf())
    // Named and typed as a PNG, but not one: only the gateway, reading the bytes, can tell.
    await page.setInputFiles('#field-image', {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text, not an image'),
    })
    await page.getByRole('button', { name: 'Send application' }).click()
    await expect(page.locator('#field-image-error')).toContainText('accepted type')
    await expect(page.getByText('Your details are saved')).toBeVisible()
    await expect(page.locator('#field-last_name')).toBeDisabled()
    dropStatusError(consoleErrors, 415)

    await page.setInputFiles('#field-passport_scan', pdf())
    await page.setInputFiles('#field-image', png())
    await page.getByRole('button', { name: 'Send the documents' }).click()
    await expectApplicationReceived(page)
  })
})
