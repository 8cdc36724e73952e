/**
 * The engine suite's cases (docs/architecture.md#tests): what a reader in Firefox or Safari meets first, in each
 * language. The same facts as the Playwright suite (test/e2e), every URL from the route table's `href()`.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { LOCALES, type Locale } from '../../contract/locales.ts'
import { href } from '../../shared/routing/match.ts'
import { REASONS } from '../../shared/routing/routes.ts'
import { type Engine, type Tab, until } from './engines.ts'

type L = Record<Locale, string>
type Messages = {
  home: { hero: { title: string } }
  auth: { email: string; password: string }
  forms: { errors: { email: string; required: string } }
  profile: { title: string }
}
type Account = {
  email: string
  password: string | null
  role: 'investor' | 'businessmen'
  is_resident: boolean
  profile: { company_name: string }
}

const read = <T>(path: string): T => JSON.parse(fs.readFileSync(new URL(path, import.meta.url), 'utf8')) as T
const messages = (locale: Locale) => read<Messages>(`../../locales/${locale}.json`)
const seed = <T>(name: string) => read<T>(`../../gateway/seed/${name}.json`)

/** The demo non-resident investor of the README, as seeded. */
const INVESTOR = seed<Account[]>('accounts').find((a) => a.role === 'investor' && !a.is_resident && a.password)!
/** A keyword the seed content uses in every kind, per language, and an event whose name carries it (as test/e2e). */
const KEYWORD: L = { en: 'Samarkand', ru: 'Самарканд', uz: 'Samarqand' }
const FAIR = seed<{ id: number; name: L }[]>('events').find((e) => e.name.en.includes(KEYWORD.en))!

type Context = { engine: Engine; tab: Tab; locale: Locale; serverOrigin: string }
export type Case = { name: string; run: (c: Context) => Promise<void> }

/** The visible header link to a page, found by its URL (the header's search link is a plain link at every width). */
const headerLink = (to: string) => `header a[href="${to}"]`
/** The sign-in page's e-mail and password form. */
const SIGN_IN_FORM = 'form:has(input[name="password"])'

// Functions run in the page are sent as source: they use only their arguments and the page's globals.
const here = () => location.pathname + location.search
const isHydrated = () => document.documentElement.hasAttribute('data-hydrated')

/** Marks the document: the mark survives a client navigation and goes with a full page load. */
const markDocument = () => {
  ;(window as unknown as { __marker?: number }).__marker = 1
}
const isMarked = () => (window as unknown as { __marker?: number }).__marker === 1

/** The `<title>` the edge renders for a path: what a client navigation to it must show too. */
async function serverTitle(origin: string, path: string): Promise<string> {
  const html = await (await fetch(origin + path)).text()
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1]
  if (raw === undefined) throw new Error(`No <title> in ${path}`)
  return raw
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * Waits until `read()` gives `expected` (as the page settles), then asserts it, so a failure shows the last reading.
 */
async function expectEventually<T>(read: () => Promise<T>, expected: T, what: string) {
  let last: T | undefined
  await until(async () => {
    last = await read()
    return isDeepStrictEqual(last, expected)
  }, what).catch(() => undefined)
  assert.deepEqual(last, expected, what)
}

async function waitForHydration(tab: Tab, what: string) {
  await until(() => tab.evaluate(isHydrated), `hydration of ${what}`)
}

export const CASES: readonly Case[] = [
  {
    name: 'home renders, laid out, and hydrates with its lazy map',
    async run({ tab, locale }) {
      await tab.goto(href('home', { locale }))
      const shown = await tab.evaluate(() => ({
        lang: document.documentElement.lang,
        h1: document.querySelector('main h1')?.textContent,
        figures: document.querySelectorAll('.stat-block').length,
        reasons: document.querySelectorAll('.reason-tiles a').length,
        // The site sheet's width queries put the reasons in four columns on a desktop screen.
        reasonColumns: getComputedStyle(document.querySelector('.reason-tiles')!).gridTemplateColumns.split(' ').length,
      }))
      assert.deepEqual(shown, {
        lang: locale,
        h1: messages(locale).home.hero.title,
        figures: 4,
        reasons: REASONS.length,
        reasonColumns: 4,
      })
      // The regions map hydrates when its section nears the viewport.
      await tab.evaluate(() => document.getElementById('regions')!.scrollIntoView())
      await until(
        () =>
          tab.evaluate(() =>
            Object.keys(document.querySelector('.region-map__svg a') ?? {}).some((key) =>
              key.startsWith('__reactFiber$'),
            ),
          ),
        'the regions map to hydrate',
      )
    },
  },
  {
    name: 'a header link navigates on the client, without a reload',
    async run({ tab, locale, serverOrigin }) {
      const target = href('search', { locale })
      const title = await serverTitle(serverOrigin, target)
      await tab.goto(href('home', { locale }))
      await tab.evaluate(markDocument)
      await tab.click(headerLink(target))
      await until(
        () =>
          tab.evaluate(
            (t: string, title: string) =>
              location.pathname === t &&
              document.title === title &&
              document.getElementById('route-announcer')?.textContent === title,
            target,
            title,
          ),
        `${target} with its title and announcement`,
      )
      assert.equal(await tab.evaluate(isMarked), true, 'the document was reloaded')
    },
  },
  {
    name: 'a link clicked before hydration still navigates',
    async run({ engine, tab, locale, serverOrigin }) {
      const home = href('home', { locale })
      const target = href('search', { locale })
      const title = await serverTitle(serverOrigin, target)
      engine.proxy.holdScripts()
      try {
        await tab.goto(home, { hydrate: false })
        // The page's loader has asked for the client's code, which is on its way: the page is as the edge drew it.
        await until(() => engine.proxy.heldCount() > 0, 'the page to ask for its scripts')
        assert.equal(await tab.evaluate(isHydrated), false, 'the page hydrated while its scripts were held')
        await tab.evaluate(markDocument)
        await tab.click(headerLink(target))
        await until(
          () =>
            tab.evaluate(
              (t: string, title: string) =>
                location.pathname === t && document.title === title && !!document.querySelector('main h1'),
              target,
              title,
            ),
          `${target} drawn by the edge`,
        )
        assert.equal(await tab.evaluate(isMarked), false, 'a click before hydration is a plain link: a new document')
      } finally {
        engine.proxy.releaseScripts()
      }
      // Once its code arrives, the page the click opened hydrates as any other.
      await waitForHydration(tab, target)
    },
  },
  {
    name: 'search answers as the reader types, on the client',
    async run({ tab, locale }) {
      const keyword = KEYWORD[locale]
      await tab.goto(href('search', { locale }))
      await tab.evaluate(markDocument)
      await tab.type('#search-keyword', keyword)
      const answered = href('search', { locale, query: { keyword } })
      await until(
        () =>
          tab.evaluate(
            (url: string, keyword: string) =>
              location.pathname + location.search === url &&
              (document.querySelector('.search-answer__status')?.textContent ?? '').includes(keyword),
            answered,
            keyword,
          ),
        `the answer for “${keyword}”`,
      )
      await expectEventually(
        () =>
          tab.evaluate(
            () => document.querySelector('section[aria-labelledby="search-events"] a')?.getAttribute('href') ?? null,
          ),
        href('event', { locale, params: { id: String(FAIR.id) } }),
        'the first event found links to the fair',
      )
      assert.equal(await tab.evaluate(isMarked), true, 'the search reloaded the page')
    },
  },
  {
    name: "a form's validation errors show in the page's language",
    async run({ tab, locale }) {
      const signIn = href('sign-in', { locale, query: { role: 'investor' } })
      const m = messages(locale)
      await tab.goto(signIn)
      await tab.type(`${SIGN_IN_FORM} input[name="email"]`, 'not-an-email')
      await tab.click(`${SIGN_IN_FORM} button[type="submit"]`)
      // Named in the summary, which takes the focus, and at the field; the page stays where it is.
      await expectEventually(
        () =>
          tab.evaluate(
            (form: string) => ({
              summary: Array.from(document.querySelectorAll('.error-summary a'), (a) => a.textContent),
              summaryFocused: document.activeElement?.classList.contains('error-summary') ?? false,
              emailInvalid: document.querySelector(`${form} input[name="email"]`)?.getAttribute('aria-invalid') ?? null,
              url: location.pathname + location.search,
            }),
            SIGN_IN_FORM,
          ),
        {
          summary: [`${m.auth.email}: ${m.forms.errors.email}`, `${m.auth.password}: ${m.forms.errors.required}`],
          summaryFocused: true,
          emailInvalid: 'true',
          url: signIn,
        },
        'the errors in the summary and at the field',
      )
    },
  },
  {
    name: 'the demo investor signs in and lands on the profile',
    async run({ tab, locale }) {
      const profile = href('profile', { locale })
      const m = messages(locale)
      await tab.goto(href('sign-in', { locale, query: { role: 'investor' } }))
      // Signed out: the form is there (a signed-in visitor would have been sent on to the profile already).
      assert.equal(await tab.evaluate(here), href('sign-in', { locale, query: { role: 'investor' } }))
      await tab.type(`${SIGN_IN_FORM} input[name="email"]`, INVESTOR.email)
      await tab.type(`${SIGN_IN_FORM} input[name="password"]`, INVESTOR.password!)
      await tab.click(`${SIGN_IN_FORM} button[type="submit"]`)
      await until(
        () =>
          tab.evaluate(
            (p: string, h1: string, company: string) =>
              location.pathname === p &&
              document.querySelector('main h1')?.textContent?.trim() === h1 &&
              (document.querySelector('main')?.textContent ?? '').includes(company),
            profile,
            m.profile.title,
            INVESTOR.profile.company_name,
          ),
        `${profile} with the investor's data`,
      )
    },
  },
  {
    name: 'pages open and hydrate without a script error',
    async run({ tab, locale }) {
      // Every case fails on a script error; this one walks the content pages the others do not open, a third of them
      // in each language, so that each engine opens every page once (and each language's dates on the home page, the
      // first case) within the suite's time (docs/performance.md#test-suite-time).
      const all = [
        href('about', { locale }),
        href('media', { locale, params: { id: 'news' } }),
        href('post', { locale, params: { id: '1' } }),
        href('event-list', { locale }),
        href('event', { locale, params: { id: String(FAIR.id) } }),
        href('service-category', { locale, params: { category_id: '1' } }),
        href('guide-partnership', { locale }),
      ]
      const paths = all.filter((_, i) => i % LOCALES.length === LOCALES.indexOf(locale))
      const errors: Record<string, string[]> = {}
      for (const path of paths) {
        await tab.goto(path)
        assert.ok(await tab.evaluate(() => !!document.querySelector('main h1')?.textContent), `${path} has its heading`)
        // Sections below the fold hydrate as they near the viewport.
        await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await tab.settle()
        const found = await tab.takeErrors()
        if (found.length) errors[path] = found
      }
      assert.deepEqual(errors, {}, 'script errors by page')
    },
  },
]
