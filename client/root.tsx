/** The whole document, rendered on the edge and hydrated in the browser. The worker imports only this. */
import { serializeForHtml, serializeForHtmlOnce } from '../shared/serialize'
import type { InitialState } from '../shared/state'
import { App } from './app'
import type { PayloadStore } from './data'

export const STATE_ELEMENT_ID = '__STATE__'

/**
 * The state script's text. Edge: serialised per response, with the locale's messages (most of it) serialised once per
 * isolate. Browser: the text already in the document, so hydration does not re-serialise it on the main thread.
 */
function embeddedState(state: InitialState): string {
  if (typeof document !== 'undefined') return document.getElementById(STATE_ELEMENT_ID)?.textContent ?? ''
  const rest = serializeForHtml({ ...state, messages: undefined })
  return `${rest.slice(0, -1)},"messages":${serializeForHtmlOnce(state.messages)}}`
}

/**
 * Server-only props (the browser hydrates their elements with an empty `__html`, leaving the text alone): `nonce`, the
 * edge's CSP nonce (browsers hide it); `css`, the inlined entry CSS; `devPreamble`, React Refresh's preamble under
 * `vite dev`.
 */
export function Root({ state, store, nonce, css, devPreamble }: { state: InitialState; store: PayloadStore; nonce?: string; css?: string; devPreamble?: string }) {
  return (
    <html lang={state.locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0072A3" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {state.assets.dev && (
          <>
            <script type="module" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: devPreamble ?? '' }} />
            <script type="module" src="/@vite/client" nonce={nonce} suppressHydrationWarning />
          </>
        )}
        {state.assets.inlineCss && <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? '' }} />}
        {state.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {state.assets.preload.map((js) => (
          <link key={js} rel="modulepreload" href={js} />
        ))}
      </head>
      <body>
        <App state={state} store={store} />
        <script type="application/json" id={STATE_ELEMENT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: embeddedState(state) }} />
      </body>
    </html>
  )
}
