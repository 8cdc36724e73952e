/**
 * An inline SVG icon. The bundled set (`icons.ts`, the shell's icons) draws at once; the others (`icons-extra.ts`:
 * the icons the gateway names and those only page content uses) come inline from the edge and, for views first drawn
 * in the browser, from `/_app/icons` (docs/product.md#transport), with `fallback` (a bundled icon) for a name the
 * portal does not draw.
 */
import { useEffect, useRef, useState } from 'react'
import { ICONS } from './icons'

type IconProps = { name: string; className?: string; label?: string; fallback?: string }

/** The other icons' paths where the edge renders (installed by the worker); absent in the browser bundle. */
let edgeIcons: Readonly<Record<string, string>> | null = null

/** Gives the edge's renderer the other icons, so its documents carry them inline. */
export function provideEdgeIcons(icons: Readonly<Record<string, string>>) {
  edgeIcons = icons
}

const pathMarkup = (d: string | undefined) => (d ? `<path d="${d}"/>` : '')

function svgProps({ className, label }: IconProps) {
  return {
    className: ['icon', className].filter(Boolean).join(' '),
    // The stroke (none fill, currentColor, 2, round caps and joins) is `.icon`'s in base.css: five attributes fewer on
    // each of the dozens of icons a page draws.
    viewBox: '0 0 24 24',
    width: 20,
    height: 20,
    'aria-hidden': label ? undefined : true,
    role: label ? 'img' : undefined,
    'aria-label': label,
  } as const
}

export function Icon(props: IconProps) {
  const path = ICONS[props.name]
  if (!path) return <RemoteIcon key={props.name} {...props} />
  return (
    <svg {...svgProps(props)}>
      <path d={path} />
    </svg>
  )
}

type Loaded = { markup: string | null | undefined; iconPaths: (markup: string | null | undefined) => string | null }
/** Names the effects of one commit asked for: handed to the loader together, so they go out in one request. */
let wanted: Map<string, (loaded: Loaded) => void> | null = null

/**
 * An icon's markup from the loader, whose code comes with the first icon a view drawn in the browser lacks. The names
 * are gathered before the loader's import: each import's promise settles in a turn of its own, which would split them.
 */
function remoteMarkup(name: string): Promise<Loaded> {
  if (!wanted) {
    const batch = (wanted = new Map())
    queueMicrotask(() => {
      wanted = null
      void import('../runtime/icon-loader').then(
        async ({ iconPaths, loadIcons }) => {
          const icons = await loadIcons([...batch.keys()])
          for (const [n, resolve] of batch) resolve({ markup: icons[n], iconPaths })
        },
        (err: unknown) => {
          // The loader's own code did not arrive (a navigation cancelled it, a deploy replaced it): a warning only, as
          // a
          // failed icon request (docs/product.md#icons), and the icons stay blank.
          console.warn(err)
          for (const resolve of batch.values()) resolve({ markup: undefined, iconPaths: () => null })
        },
      )
    })
  }
  const batch = wanted
  const known = batch.get(name)
  if (known) {
    return new Promise((resolve) =>
      batch.set(name, (loaded) => {
        known(loaded)
        resolve(loaded)
      }),
    )
  }
  return new Promise((resolve) => batch.set(name, resolve))
}

function RemoteIcon(props: IconProps) {
  const ref = useRef<SVGSVGElement>(null)
  const [paths, setPaths] = useState(() =>
    edgeIcons ? pathMarkup(edgeIcons[props.name] ?? (props.fallback && ICONS[props.fallback])) : '',
  )
  useEffect(() => {
    // Hydrated over the edge's drawing: nothing to load.
    if (ref.current?.firstChild) return
    let live = true
    void remoteMarkup(props.name).then(({ markup, iconPaths }) => {
      // undefined: the endpoint failed (already warned), so the icon stays blank; null: no such icon.
      const drawn = markup === null ? pathMarkup(props.fallback && ICONS[props.fallback]) : iconPaths(markup)
      if (live && drawn) setPaths(drawn)
    })
    return () => {
      live = false
    }
  }, [props.name, props.fallback])
  // The browser renders '' while hydrating: React keeps the edge's children and fills them only when they load.
  return <svg ref={ref} {...svgProps(props)} dangerouslySetInnerHTML={{ __html: paths }} />
}
