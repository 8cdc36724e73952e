/**
 * Rendering a console page: React on the server only, the design system's sheet inlined under a hash-pinned Content
 * Security Policy, never cached (docs/security.md#operator-surface). The one inline script, the upload progress of
 * content forms, is inlined on those pages only, under its own hash
 * (docs/decisions/0030-operator-console.md#content-screens); the console's own script files (the content form's
 * helpers, the editor: docs/decisions/0055-console-editor.md) run where a page names them, under the page's nonce.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { readConfig } from './config'
import type { ConsoleEnv } from './context'
import { type ConsoleScriptName, scriptPath } from './scripts'
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

/** A fresh nonce for a page that loads script files (none otherwise): 128 random bits, base64. */
function newNonce(names: readonly ConsoleScriptName[] | undefined): string {
  return names?.length ? btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))) : ''
}

/** The page's document: language, title, the inlined sheet, then the body and the page's script. */
function Document({
  lang,
  title,
  script,
  files,
  children,
}: {
  lang: string
  title: string
  script?: string
  files: { names: readonly ConsoleScriptName[]; nonce: string }
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
        {files.names.map((name) => (
          <script key={name} src={scriptPath(name)} nonce={files.nonce} defer />
        ))}
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
  page: { title: string; body: ReactElement; script?: string; scripts?: readonly ConsoleScriptName[] },
): Promise<Response> {
  const lang = c.get('lang') ?? 'en'
  const files = { names: page.scripts ?? [], nonce: newNonce(page.scripts) }
  const html = `<!doctype html>${renderToStaticMarkup(
    <Document lang={lang} title={page.title} script={page.script} files={files}>
      {page.body}
    </Document>,
  )}`
  const access = readConfig(c.env).access
  const formAction = ["'self'", ...(access ? [new URL(access.teamDomain).origin] : [])].join(' ')
  const csp = [
    "default-src 'none'",
    `style-src ${await hashOf(styles)}`,
    // The upload progress script and the console's script files, where a page has them, and the calls they make to the
    // console itself (form posts, the link dialog's search, uploads).
    ...(page.script || files.names.length
      ? [
          `script-src ${[page.script ? await hashOf(page.script) : '', files.nonce ? `'nonce-${files.nonce}'` : '']
            .filter(Boolean)
            .join(' ')}`,
          "connect-src 'self'",
        ]
      : []),
    "img-src 'self' data:",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  return c.html(html, status, { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' })
}
