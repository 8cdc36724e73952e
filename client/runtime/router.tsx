/** Client navigation through the same route resolution as the edge (docs/architecture.md#navigation). */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { Locale } from '../../contract/locales'
import type { DataPlan, PlanKeys } from '../../shared/keys/api-keys'
import type { PageError } from '../../shared/routing/errors'
import { splitLocale } from '../../shared/routing/match'
import { payloadPathOf } from '../../shared/routing/payload-path'
import { resolveRoute, routeOf } from '../../shared/routing/resolve'
import type { RouteId } from '../../shared/routing/routes'
import type { PagePayload, PageRoute, RouteState } from '../../shared/state/state'
import type { PayloadStore } from './data'
import { loadFullStyles } from './full-styles'
import { loadAllMessages } from './i18n'
import type { Session } from './session'

export type LoadingEvents = { start: () => void; finish: () => void; error: () => void }

type RouterValue = {
  route: RouteState
  error: PageError | null
  navigate: (to: string, opts?: { replace?: boolean }) => Promise<void>
}

const RouterContext = createContext<RouterValue | null>(null)

export function useRouter(): RouterValue {
  const value = useContext(RouterContext)
  if (!value) throw new Error('useRouter() outside <RouterProvider>')
  return value
}

/** The page's typed route with its data plan's keys, named as the plan names them (docs/architecture.md#rule-9). */
export type RouteData<Id extends RouteId, K extends PlanKeys> = PageRoute<Id> & Readonly<{ keys: K }>

/** The page's typed route with its plan's keys: what the edge loaded for it, read with `usePayload(keys.x)`. */
export function useRouteData<Id extends RouteId, K extends PlanKeys>(plan: DataPlan<Id, K>): RouteData<Id, K> {
  const route = useRoute(plan.id)
  return { ...route, keys: plan.build(route).keys }
}

/** The page's own route, typed by its id: params and query as the route table reads them. */
export function useRoute<Id extends RouteId>(id: Id): PageRoute<Id> {
  const { route } = useRouter()
  const page = routeOf(route, id)
  if (!page) throw new Error(`useRoute('${id}') on the route ${route.id ?? 'none'}`)
  return page
}

const SCROLL_KEY = 'scroll-positions'

function saveScroll(key: string) {
  try {
    const all = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>
    all[key] = window.scrollY
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all))
  } catch {
    /* storage may be unavailable (private mode); scroll restore is best effort */
  }
}

function readScroll(key: string): number | undefined {
  try {
    return (JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>)[key]
  } catch {
    return undefined
  }
}

/**
 * Scrolls to `y`, and again whenever the page's height changes shortly after: sections whose code or data arrive after
 * the page is drawn (the region map, images) add their height later, too short to reach `y` at first or pushing the
 * content at `y` down. Stops once the height has been still for a moment at `y`, on the reader's own scrolling input,
 * or after a few seconds.
 */
function restoreScroll(y: number): (() => void) | undefined {
  window.scrollTo(0, y)
  if (typeof ResizeObserver === 'undefined') return undefined
  const root = document.documentElement
  const anchoring = root.style.overflowAnchor
  // The browser's scroll anchoring would follow content that grows above the viewport instead of staying at `y`.
  root.style.overflowAnchor = 'none'
  let settle = 0
  const settled = () => {
    clearTimeout(settle)
    if (Math.abs(window.scrollY - y) < 1) settle = window.setTimeout(stop, 500)
  }
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y)
    settled()
  })
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  const cap = window.setTimeout(stop, 3000)
  function stop() {
    observer.disconnect()
    clearTimeout(settle)
    clearTimeout(cap)
    root.style.overflowAnchor = anchoring
    for (const type of inputs) window.removeEventListener(type, stop)
  }
  observer.observe(document.body)
  for (const type of inputs) window.addEventListener(type, stop, { passive: true })
  settled()
  return stop
}

function historyKey(): string | undefined {
  return (history.state as { key?: string } | null)?.key
}

function createHistoryKey(): string {
  return Math.random().toString(36).slice(2)
}

/**
 * Whether a build update was signalled: the next navigation is then a full page load (docs/product.md#build-updates).
 */
let updatePending = false
export function signalUpdate() {
  updatePending = true
}

/**
 * What a client navigation waits for before it draws the new route: the page's code and whatever the shell shows with
 * it. The app passes it in, so the router knows neither the pages nor the shell.
 */
export type PreloadRoute = (routeId: RouteId | null, error: PageError | null, session: Session) => Promise<unknown>

type RouterProviderProps = {
  locale: Locale
  initialRoute: RouteState
  initialError: PageError | null
  store: PayloadStore
  session: Session
  loading: LoadingEvents
  preload: PreloadRoute
  children: ReactNode
}

export function RouterProvider({
  locale,
  initialRoute,
  initialError,
  store,
  session,
  loading,
  preload,
  children,
}: RouterProviderProps) {
  const [state, setState] = useState({ route: initialRoute, error: initialError, scroll: null as number | null })
  const seq = useRef(0)
  /** The entry on screen: on popstate `history.state` already names the next one, so its scroll is saved from here. */
  const shownKey = useRef<string | undefined>(undefined)
  const sessionRef = useRef(session)
  sessionRef.current = session
  const routeRef = useRef(state.route)
  routeRef.current = state.route

  const navigate = useCallback(
    async (to: string, opts: { replace?: boolean; pop?: boolean } = {}) => {
      const url = new URL(to, window.location.href)
      const { locale: target, rest } = splitLocale(url.pathname)
      if (url.origin !== window.location.origin || target !== locale || updatePending) {
        window.location.assign(url.href)
        return
      }
      const current = seq.current + 1
      seq.current = current
      const resolved = resolveRoute({ rest, path: url.pathname, search: url.search, session: sessionRef.current })
      const route = resolved.route
      let error = resolved.error

      loading.start()
      let redirect: string | undefined
      // The document carried its own page's messages only: a page drawn here may need any namespace.
      const messagesReady = loadAllMessages()
      // And only the CSS its own elements use: a page drawn here may need any rule.
      const stylesReady = loadFullStyles()
      try {
        if (!error) {
          const res = await fetch(payloadPathOf(url), {
            headers: { accept: 'application/json' },
            credentials: 'same-origin',
          })
          const payload = (await res.json()) as PagePayload
          if (current !== seq.current) return
          redirect = payload.redirect
          error = payload.error
          for (const [key, entry] of Object.entries(payload.payloads)) store.ready.set(key, entry)
        }
        if (redirect) {
          loading.finish()
          await navigate(redirect, { replace: true })
          return
        }
        await preload(route.id, error, sessionRef.current)
        await messagesReady
        await stylesReady
      } catch {
        // A failed payload or a stale chunk after a deploy: a full page load recovers (guarded against loops).
        if (current === seq.current) window.location.assign(url.href)
        return
      }
      if (current !== seq.current) return
      if (shownKey.current) saveScroll(shownKey.current)
      if (!opts.pop) history[opts.replace ? 'replaceState' : 'pushState']({ key: createHistoryKey() }, '', url.href)
      shownKey.current = historyKey()
      const scroll = opts.pop && shownKey.current ? (readScroll(shownKey.current) ?? 0) : 0
      startTransition(() => setState({ route, error, scroll }))
      if (error) loading.error()
      else loading.finish()
    },
    [locale, store, loading, preload],
  )

  useEffect(() => {
    history.scrollRestoration = 'manual'
    if (!historyKey()) history.replaceState({ key: createHistoryKey() }, '', window.location.href)
    shownKey.current = historyKey()
    const onPop = () => {
      // Following an in-page anchor (the skip link, a table of contents) also fires popstate: same page, no reload.
      const shown = routeRef.current
      if (window.location.pathname === shown.path && window.location.search === shown.search) return
      void navigate(window.location.href, { pop: true })
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [navigate])

  useEffect(() => {
    if (state.scroll === null) return
    const hash = window.location.hash.slice(1)
    const target = hash ? document.getElementById(decodeURIComponent(hash)) : null
    if (target) target.scrollIntoView()
    else return restoreScroll(state.scroll)
  }, [state])

  const value = useMemo(
    () => ({ route: state.route, error: state.error, navigate }),
    [state.route, state.error, navigate],
  )
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }

/** An anchor that navigates on the client when it can; a real link before hydration and for new tabs. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter()
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    if ((target && target !== '_self') || rest.download !== undefined) return
    event.preventDefault()
    void navigate(to)
  }
  return <a href={to} target={target} onClick={handle} {...rest} />
}
