/** Browser entry: reads the embedded state, loads the current page's chunk and hydrates the document. */
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Translate } from '../shared/i18n/i18n'
import type { InitialState } from '../shared/state/state'
import { type PayloadFetcher, type PayloadStore, setPayloadFetcher } from './runtime/data'
import { configureFullStyles, loadFullStyles } from './runtime/full-styles'
import { initMessages, loadAllMessages, translate } from './runtime/i18n'
import { installPages, preloadPage } from './runtime/pages'
import { isChunkLoadError, reloadAfterChunkError, watchChunkErrors, watchForUpdates } from './runtime/updates'
import { Root, STATE_ELEMENT_ID } from './shell/root'
import { preloadShellParts } from './shell/shell-parts'

function onFirstInteraction() {
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const)
    window.removeEventListener(type, onFirstInteraction, { capture: true })
  void loadFullStyles()
  void loadAllMessages().catch(() => undefined)
}

async function boot() {
  // The modules' evaluation was one task; reading the state and starting the page is the next.
  await new Promise((resolve) => setTimeout(resolve))
  const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)!.textContent!) as InitialState
  initMessages(state.messages, state.assets.messages)
  if (state.assets.shellCss) configureFullStyles(state.assets.shellCss, state.assets.sheets)
  // The document carries the CSS rules and the texts its page shows as drawn; what the reader's actions may show (a
  // menu, a form's errors) needs the whole sheets and catalogue, which the first interaction loads.
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const) {
    window.addEventListener(type, onFirstInteraction, { capture: true, passive: true })
  }
  const t: Translate = (key, values) => translate(state.locale, key, values)
  // The gateway client's code comes with the first key the edge did not load (most first views fetch none).
  let fetchKey: Promise<PayloadFetcher> | null = null
  setPayloadFetcher(async (key) => {
    fetchKey ??= import('./runtime/gateway').then((m) => m.payloadFetcher(state.locale, t))
    return (await fetchKey)(key)
  })
  const first =
    state.assets.page && state.route.id && !state.error
      ? { id: state.route.id, url: state.assets.page, serverOnly: state.assets.serverOnly }
      : undefined
  installPages(() => import('./runtime/pages-lazy').then((m) => m.pages), first)
  const store: PayloadStore = { ready: new Map(Object.entries(state.payloads)), pending: new Map() }
  watchChunkErrors()
  watchForUpdates(state.config.buildId)
  try {
    await Promise.all([
      state.route.id && !state.error ? preloadPage(state.route.id) : null,
      preloadShellParts(state.route.id, state.error, state.session),
    ])
  } catch (err) {
    if (isChunkLoadError(err) && reloadAfterChunkError()) return
    throw err
  }
  // In a transition the root hydrates at a lane React time-slices: it yields to the browser every few milliseconds
  // instead of holding the main thread for the whole shell, and a click on a part not yet hydrated makes React hydrate
  // that part at once and replay the click. <html data-hydrated> marks the root's commit (`endHydration`).
  startTransition(() => {
    hydrateRoot(document, <Root state={state} store={store} />, {
      onRecoverableError(error) {
        console.warn('Recoverable render error', error)
      },
    })
  })
}

// The shell's stylesheet is its own build input, which the edge inlines; under `vite dev` the entry loads it.
if (import.meta.env.DEV) void import('./styles/shell.css')

void boot()
