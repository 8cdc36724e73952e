/** The whole document, rendered on the edge and hydrated in the browser. The worker imports only this. */
import type { InitialState, SheetName } from '../../shared/state/state'
import type { PayloadStore } from '../runtime/data'
import { SHELL_STYLE_ID } from '../runtime/full-styles'
import { SheetsProvider } from '../runtime/sheets'
import { App } from './app'

export const STATE_ELEMENT_ID = '__STATE__'

/**
 * Server-only props (the browser hydrates their elements with an empty `__html`, leaving the text alone): `nonce`, the
 * edge's CSP nonce (browsers hide it); `css`, the inlined shell CSS; `sheetTexts`, the area sheets' CSS, which a page's
 * `<PageSheet>` inlines; `record`, where the render collects the message namespaces it uses; `stateText`, the
 * serialised state the browser boots from, built when React reaches it, after the page's shell has rendered (so with
 * the namespaces recorded so far); `devPreamble`, React Refresh's preamble under `vite dev`.
 */
export function Root({
  state,
  store,
  nonce,
  css,
  sheetTexts,
  record,
  stateText,
  devPreamble,
}: {
  state: InitialState
  store: PayloadStore
  nonce?: string
  css?: string
  sheetTexts?: Readonly<Record<SheetName, string>>
  record?: Set<string>
  stateText?: () => string
  devPreamble?: string
}) {
  return (
    <html lang={state.locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0072A3" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {state.assets.dev && (
          <>
            <script
              type="module"
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: devPreamble ?? '' }}
            />
            <script type="module" src="/@vite/client" nonce={nonce} suppressHydrationWarning />
          </>
        )}
        {state.assets.inlineCss && (
          <style id={SHELL_STYLE_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? '' }} />
        )}
        {state.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {state.assets.preload.map((js) => (
          <link key={js} rel="modulepreload" href={js} />
        ))}
      </head>
      <body>
        <SheetsProvider value={{ hrefs: state.assets.sheets, texts: sheetTexts }}>
          <App state={state} store={store} record={record} />
        </SheetsProvider>
        <StateScript text={stateText} />
      </body>
    </html>
  )
}

function StateScript({ text }: { text?: () => string }) {
  return (
    <script
      type="application/json"
      id={STATE_ELEMENT_ID}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text?.() ?? '' }}
    />
  )
}
