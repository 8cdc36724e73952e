/**
 * Rendering a console page: React on the server only (the console ships no script), the design system's sheet inlined
 * under a hash-pinned Content Security Policy, never cached (docs/security.md#operator-surface).
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { readConfig } from './config'
import type { ConsoleEnv } from './context'
import styles from './styles.css?inline'

let styleHash: Promise<string> | null = null

/** The sheet's SHA-256 for `style-src`: the same text in every page of a build, so it is computed once per isolate. */
function hashStyles(): Promise<string> {
  styleHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(styles))
    .then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`)
  return styleHash
}

/** The page's document: language, title, the inlined sheet, then the body. */
function Document({ lang, title, children }: { lang: string; title: string; children: ReactNode }) {
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
      <body>{children}</body>
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
  page: { title: string; body: ReactElement },
): Promise<Response> {
  const lang = c.get('lang') ?? 'en'
  const html = `<!doctype html>${renderToStaticMarkup(
    <Document lang={lang} title={page.title}>
      {page.body}
    </Document>,
  )}`
  const access = readConfig(c.env).access
  const formAction = ["'self'", ...(access ? [new URL(access.teamDomain).origin] : [])].join(' ')
  const csp = [
    "default-src 'none'",
    `style-src ${await hashStyles()}`,
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  return c.html(html, status, { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' })
}
