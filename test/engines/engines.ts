/**
 * The two engines of the engine suite behind one small interface: Firefox ESR driven by puppeteer-core over WebDriver
 * BiDi, and WebKitGTK's MiniBrowser driven by WebKitWebDriver over classic W3C WebDriver under Xvfb
 * (docs/architecture.md#tests).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core'
import { type EngineProxy, startProxy } from './proxy.ts'
import { until, WAIT_MS } from './until.ts'
import { type ElementRef, isElementRef, WebDriverSession } from './webdriver.ts'

export { until }

/** The desktop width the cases expect (the header's and the home page's wide layouts). */
const VIEWPORT = { width: 1280, height: 800 }

/** One browsing session with its own cookies, on the engine's proxy origin. */
export interface Tab {
  /** Opens `path` and waits until the document is parsed, then (unless `hydrate` is false) until React hydrated it. */
  goto(path: string, opts?: { hydrate?: boolean }): Promise<void>
  /** Runs `fn` in the page with `args` (JSON values) and returns its JSON result. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>
  /** Clicks the first visible element matching `selector`, waiting for one to appear. */
  click(selector: string): Promise<void>
  /** Types `text` into the first visible element matching `selector`, as key presses. */
  type(selector: string, text: string): Promise<void>
  /** Waits until the page has done what the last action set off: frames drawn, no request in flight. */
  settle(): Promise<void>
  /** The script errors reported since the last call (uncaught errors, unhandled rejections, `console.error`). */
  takeErrors(): Promise<string[]>
  close(): Promise<void>
}

export interface Engine {
  name: string
  /** The browser's own version, for the report. */
  version: string
  proxy: EngineProxy
  newTab(): Promise<Tab>
  close(): Promise<void>
}

/** Resolves once the page has drawn two frames and run the tasks they queued (React's retries among them). */
const framesDrawn = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))))

/**
 * Lets the page on screen finish what the last action set off (code a section loads as it nears the viewport or as
 * the pointer reaches the menus) before the tab looks for errors or leaves the page: Firefox cancels a page's
 * requests as soon as a navigation starts, and a dynamic import cut off that way fails in the page it leaves.
 */
async function settle(proxy: EngineProxy, evaluate: Tab['evaluate']) {
  await proxy.idle()
  await evaluate(framesDrawn)
  await proxy.idle()
}

const isHydrated = () => document.documentElement.hasAttribute('data-hydrated')
const firstVisible = (selector: string) =>
  Array.from(document.querySelectorAll(selector)).find((el) => el.getClientRects().length > 0) ?? null

// ----------------------------------------------------------------------------------------------------------------
// Firefox

export async function launchFirefox(opts: { proxyPort: number; upstreamPort: number }): Promise<Engine> {
  const proxy = await startProxy({ port: opts.proxyPort, upstreamPort: opts.upstreamPort })
  const browser: Browser = await puppeteer
    .launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      defaultViewport: VIEWPORT,
    })
    .catch(async (err: unknown) => {
      await proxy.close()
      throw err
    })
  return {
    name: 'Firefox',
    version: (await browser.version()).replace(/^firefox\//, 'Firefox '),
    proxy,
    async newTab() {
      // A fresh user context: its own cookies and storage, so each language signs in from scratch.
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      return firefoxTab(context, page, proxy)
    },
    async close() {
      await browser.close()
      await proxy.close()
    },
  }
}

function firefoxTab(context: BrowserContext, page: Page, proxy: EngineProxy): Tab {
  // Firefox reports uncaught errors and console messages over WebDriver BiDi (`log.entryAdded`) from the first script
  // of every document on.
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`uncaught: ${err instanceof Error ? err.message : String(err)}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`)
  })
  const visible = async (selector: string): Promise<ElementHandle<Element>> => {
    const handle = await until(
      async () => (await page.evaluateHandle(firstVisible, selector)).asElement(),
      `a visible ${selector}`,
    )
    return handle as ElementHandle<Element>
  }
  const evaluate: Tab['evaluate'] = (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => never, ...args)
  return {
    async goto(path, { hydrate = true } = {}) {
      if (page.url().startsWith(proxy.origin)) await settle(proxy, evaluate)
      await page.goto(proxy.origin + path, { waitUntil: 'domcontentloaded' })
      if (hydrate) await page.waitForSelector('html[data-hydrated]', { timeout: WAIT_MS })
    },
    evaluate,
    settle: () => settle(proxy, evaluate),
    async click(selector) {
      await (await visible(selector)).click()
    },
    async type(selector, text) {
      await (await visible(selector)).type(text)
    },
    async takeErrors() {
      return errors.splice(0)
    },
    close: () => context.close(),
  }
}

// -----------------------------------------------------------------------------------------------------------------
// WebKit

/** MiniBrowser, WebKitGTK's own browser, which WebKitWebDriver starts for each session. */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
const ERRORS_KEY = '__engineErrors'

/**
 * The first script of every document in WebKit (put there by the proxy): classic WebDriver has no way to run a script
 * before the page's own, and a listener added after the page loaded would miss what its first scripts threw. It keeps
 * what it catches in sessionStorage, so errors of a document that a full navigation replaced are still there when the
 * case asks, and removes its own element so the head React hydrates is the one the edge sent.
 */
function errorProbe(key: string) {
  const record = (text: string) => {
    const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
    list.push(`${location.pathname}: ${text}`)
    sessionStorage.setItem(key, JSON.stringify(list))
  }
  addEventListener('error', (event) =>
    record(`uncaught: ${event.error instanceof Error ? event.error.message : event.message}`),
  )
  addEventListener('unhandledrejection', (event) =>
    record(`unhandled rejection: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`),
  )
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    record(`console.error: ${args.map(String).join(' ')}`)
    consoleError(...args)
  }
  ;(window as unknown as { __engineProbe: boolean }).__engineProbe = true
  document.currentScript?.remove()
}

export async function launchWebKit(opts: {
  proxyPort: number
  upstreamPort: number
  driverPort: number
}): Promise<Engine> {
  const proxy = await startProxy({
    port: opts.proxyPort,
    upstreamPort: opts.upstreamPort,
    headScript: `(${errorProbe.toString()})(${JSON.stringify(ERRORS_KEY)})`,
  })
  // Its own process group: stopping it stops Xvfb, the driver and MiniBrowser together.
  const driver: ChildProcess = spawn(
    'xvfb-run',
    [
      '--auto-servernum',
      '--server-args=-screen 0 1280x1024x24',
      process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
      `--port=${opts.driverPort}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const driverErrors: Buffer[] = []
  driver.stderr?.on('data', (chunk: Buffer) => driverErrors.push(chunk))
  const driverExited = once(driver, 'exit')
  const stopDriver = async () => {
    // The driver alone first: xvfb-run then stops its Xvfb and removes its temporary folder itself, which it does not
    // when it is signalled. Whatever is left of the group after that goes with it.
    for (const pid of childrenOf(driver.pid!))
      if (readProc(pid, 'cmdline').includes('WebKitWebDriver')) signal(pid, 'SIGTERM')
    await Promise.race([driverExited, sleep(5_000)])
    signal(-driver.pid!, 'SIGKILL')
  }
  const driverOrigin = `http://127.0.0.1:${opts.driverPort}`
  let session: WebDriverSession
  let version: string
  try {
    await until(async () => (await fetch(`${driverOrigin}/status`)).ok, 'WebKitWebDriver to listen', 30_000)
    ;({ session, version } = await WebDriverSession.create(driverOrigin, {
      browserName: 'MiniBrowser',
      // `none`: commands never wait for a page load, so a page whose scripts the proxy holds (and whose load event
      // therefore waits) can still be clicked; `goto` waits for the new document itself. With `eager`, this
      // WebKitWebDriver leaves the first script command after some navigations hanging.
      pageLoadStrategy: 'none',
      'webkitgtk:browserOptions': { binary: process.env.MINIBROWSER_PATH ?? MINIBROWSER, args: ['--automation'] },
    }))
    await session.setWindowRect(VIEWPORT)
  } catch (err) {
    await stopDriver()
    await proxy.close()
    throw new Error(`${(err as Error).message}\n${Buffer.concat(driverErrors).toString()}`)
  }
  let onPortal = false
  return {
    name: 'WebKit',
    version: `WebKitGTK ${version}`,
    proxy,
    async newTab() {
      // One MiniBrowser for all languages: a new language starts without the last one's cookies (the session's).
      if (onPortal) await session.deleteAllCookies()
      onPortal = true
      return webkitTab(session, proxy)
    },
    async close() {
      await session.delete().catch(() => undefined)
      await stopDriver()
      await proxy.close()
    },
  }
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return ''
  }
}

function childrenOf(pid: number): number[] {
  return readProc(pid, `task/${pid}/children`).split(' ').filter(Boolean).map(Number)
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch {
    /* already gone */
  }
}

/** A command the driver never answered within its bound (`webdriver.ts`). */
const isUnanswered = (err: unknown) => err instanceof Error && err.name === 'TimeoutError'

/**
 * Sends a command the page may receive twice (a script that reads or marks, a navigation to the same address) again
 * when WebKitWebDriver left it unanswered, at most twice more; a click or keys are never sent twice.
 */
async function resend<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (err) {
      if (attempt >= 3 || !isUnanswered(err)) throw err
    }
  }
}

function webkitTab(session: WebDriverSession, proxy: EngineProxy): Tab {
  // A promise the function returns is awaited (W3C WebDriver's Execute Script).
  const evaluate: Tab['evaluate'] = (fn, ...args) =>
    resend(() => session.execute(`return (${fn.toString()}).apply(null, arguments)`, args))
  const probed = async () => {
    if (!(await evaluate(() => (window as unknown as { __engineProbe?: boolean }).__engineProbe === true)))
      throw new Error(`the error probe did not run in ${await session.currentUrl()}`)
  }
  const visible = (selector: string) =>
    until(async () => {
      const found = await session.execute<unknown>(`return (${firstVisible.toString()})(arguments[0])`, [selector])
      return isElementRef(found) ? found : null
    }, `a visible ${selector}`) as Promise<ElementRef>
  return {
    async goto(path, { hydrate = true } = {}) {
      const url = proxy.origin + path
      if ((await session.currentUrl()).startsWith(proxy.origin)) await settle(proxy, evaluate)
      // The page on screen is marked: the new one is current once a script no longer finds the mark.
      await evaluate(() => void ((window as unknown as { __engineLeft: boolean }).__engineLeft = true))
      await resend(() => session.navigate(url))
      const href = await until(
        () =>
          evaluate(
            () =>
              !(window as unknown as { __engineLeft?: boolean }).__engineLeft &&
              document.readyState !== 'loading' &&
              location.href,
          ),
        `${path} to load`,
      )
      if (href !== new URL(url).href) throw new Error(`${path} opened ${href}`)
      await probed()
      if (hydrate) await until(() => evaluate(isHydrated), `hydration of ${path}`)
    },
    evaluate,
    settle: () => settle(proxy, evaluate),
    async click(selector) {
      await session.click(await visible(selector))
    },
    async type(selector, text) {
      await session.sendKeys(await visible(selector), text)
    },
    async takeErrors() {
      await probed()
      return evaluate((key: string) => {
        const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
        sessionStorage.removeItem(key)
        return list
      }, ERRORS_KEY)
    },
    async close() {},
  }
}
