/**
 * The few W3C WebDriver (classic) commands the engine suite needs, over fetch: a session, navigation, script, element
 * clicks and keys, cookies. WebKitGTK's WebKitWebDriver speaks only this protocol (docs/architecture.md#tests).
 */

/** The key W3C WebDriver uses for an element reference in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

export type ElementRef = { [ELEMENT_KEY]: string }

/**
 * How long a command of an open session may take. Under load WebKitWebDriver now and then never answers a script
 * command sent right after a navigation; without a bound the case waited out its whole minute. Bounded, the command
 * fails like any other, and the waits that poll (`until`) ask again.
 */
const COMMAND_MS = 6_000

class WebDriverError extends Error {
  readonly error: string
  constructor(command: string, error: string, message: string) {
    super(`${command}: ${error}: ${message}`)
    this.error = error
  }
}

export class WebDriverSession {
  private readonly base: string

  private constructor(base: string) {
    this.base = base
  }

  /** Opens a session on the driver at `origin`; `capabilities` go into `alwaysMatch`. */
  static async create(
    origin: string,
    capabilities: Record<string, unknown>,
  ): Promise<{ session: WebDriverSession; version: string }> {
    const value = await command<{ sessionId: string; capabilities: { browserVersion?: string } }>(
      'POST',
      `${origin}/session`,
      { capabilities: { alwaysMatch: capabilities } },
    )
    return {
      session: new WebDriverSession(`${origin}/session/${value.sessionId}`),
      version: value.capabilities.browserVersion ?? 'unknown',
    }
  }

  /** Navigates and returns when the session's page load strategy says the page has loaded. */
  navigate(url: string): Promise<void> {
    return this.send('POST', '/url', { url })
  }

  currentUrl(): Promise<string> {
    return this.send('GET', '/url')
  }

  title(): Promise<string> {
    return this.send('GET', '/title')
  }

  setWindowRect(rect: { width: number; height: number }): Promise<unknown> {
    return this.send('POST', '/window/rect', rect)
  }

  /** Runs `body` as the body of a function in the page; `arguments` are `args`, elements come back as references. */
  execute<T>(body: string, args: unknown[] = []): Promise<T> {
    return this.send('POST', '/execute/sync', { script: body, args })
  }

  click(element: ElementRef): Promise<void> {
    return this.send('POST', `/element/${element[ELEMENT_KEY]}/click`, {})
  }

  sendKeys(element: ElementRef, text: string): Promise<void> {
    return this.send('POST', `/element/${element[ELEMENT_KEY]}/value`, { text })
  }

  /** Deletes the cookies of the current document's origin, HttpOnly ones included. */
  deleteAllCookies(): Promise<void> {
    return this.send('DELETE', '/cookie')
  }

  delete(): Promise<void> {
    return this.send('DELETE', '')
  }

  private send<T>(method: string, path: string, body?: unknown): Promise<T> {
    return command<T>(method, this.base + path, body, COMMAND_MS)
  }
}

async function command<T>(method: string, url: string, body?: unknown, timeoutMs?: number): Promise<T> {
  const res = await fetch(url, {
    method,
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { value: T & { error?: string; message?: string } }
  if (!res.ok)
    throw new WebDriverError(
      `${method} ${new URL(url).pathname.replace(/^\/session\/[^/]+/, '')}`,
      json.value?.error ?? String(res.status),
      json.value?.message ?? '',
    )
  return json.value
}

export function isElementRef(value: unknown): value is ElementRef {
  return typeof value === 'object' && value !== null && ELEMENT_KEY in value
}
