/**
 * Rendering a console page: React on the server only, the design system's sheet inlined under a hash-pinned Content
 * Security Policy, never cached (docs/security.md#operator-surface). The one script, the upload progress of content
 * forms, is inlined on those pages only, under its own hash (docs/decisions/0030-operator-console.md#content-screens).
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { readConfig } from './config'
import type { ConsoleEnv } from './context'
import styles from './styles.css?inline'

const hashes = new Map<string, Promise<string>>()

/**
 * A CSP source of a text's SHA-256: the sheet and the script are the same text in every page of a build, so each is
 * computed once per isolate.
 */
function hashOf(text: string): Promise<string> {
  let hash = hashes.get(text)
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(text))
      .then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`)
    hashes.set(text, hash)
  }
  return hash
}

/** The page's document: language, title, the inlined sheet, then the body and the page's script. */
function Document({
  lang,
  title,
  script,
  children,
}: {
  lang: string
  title: string
  script?: string
  children: ReactNode
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        {/* No icon to fetch: the console serves none, and a browser's guess would be a 404. */}
        <link rel="icon" href="data:," />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the console's own sheet, built from the repository. */}
        <style dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the console's own script, built from the repository. */}
        {script ? <script dangerouslySetInnerHTML={{ __html: script }} /> : null}
      </body>
    </html>
  )
}

/**
 * Answers `body` as a page with `status`. Forms post to the console itself and nowhere else, except that Access may
 * send an expired session to its team domain to sign in again.
 */
export async function renderPage(
  c: Context<ConsoleEnv>,
  status: ContentfulStatusCode,
  page: { title: string; body: ReactElement; script?: string },
): Promise<Response> {
  const lang = c.get('lang') ?? 'en'
  const html = `<!doctype html>${renderToStaticMarkup(
    <Document lang={lang} title={page.title} script={page.script}>
      {page.body}
    </Document>,
  )}`
  const access = readConfig(c.env).access
  const formAction = ["'self'", ...(access ? [new URL(access.teamDomain).origin] : [])].join(' ')
  const csp = [
    "default-src 'none'",
    `style-src ${await hashOf(styles)}`,
    // The upload progress script, where a page has it, and the form posts it sends to the console itself.
    ...(page.script ? [`script-src ${await hashOf(page.script)}`, "connect-src 'self'"] : []),
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  return c.html(html, status, { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' })
}
