/**
 * An inline SVG icon. The bundled set (`icons.ts`) draws at once; the icons the gateway names (`icons-extra.ts`) come
 * inline from the edge and, for views first drawn in the browser, from `/_app/icons` (SPEC §7). Unknown names render
 * nothing.
 */
import { useEffect, useRef, useState } from 'react'
import { iconPaths, loadIcons } from '../icon-loader'
import { isExtraIcon } from './icon-names'
import { ICONS } from './icons'

type IconProps = { name: string; className?: string; label?: string }

/** The extras' paths where the edge renders (installed by the worker); absent in the browser bundle. */
let edgeIcons: Readonly<Record<string, string>> | null = null

/** Gives the edge's renderer the extra icons, so its documents carry them inline. */
export function provideEdgeIcons(icons: Readonly<Record<string, string>>) {
  edgeIcons = icons
}

function svgProps({ className, label }: IconProps) {
  return {
    className: ['icon', className].filter(Boolean).join(' '),
    viewBox: '0 0 24 24', width: 20, height: 20, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round',
    'aria-hidden': label ? undefined : true, role: label ? 'img' : undefined, 'aria-label': label, focusable: 'false',
  } as const
}

export function Icon(props: IconProps) {
  const path = ICONS[props.name]
  if (path) {
    return (
      <svg {...svgProps(props)}>
        <path d={path} />
      </svg>
    )
  }
  return isExtraIcon(props.name) ? <RemoteIcon key={props.name} {...props} /> : null
}

function RemoteIcon(props: IconProps) {
  const ref = useRef<SVGSVGElement>(null)
  const [paths, setPaths] = useState(() => {
    const d = edgeIcons?.[props.name]
    return d ? `<path d="${d}"/>` : ''
  })
  useEffect(() => {
    // Hydrated over the edge's drawing: nothing to load.
    if (ref.current?.firstChild) return
    let live = true
    void loadIcons([props.name]).then((icons) => {
      const loaded = iconPaths(icons[props.name])
      if (live && loaded) setPaths(loaded)
    })
    return () => {
      live = false
    }
  }, [props.name])
  // The browser renders '' while hydrating: React keeps the edge's children and fills them only when they load.
  return <svg ref={ref} {...svgProps(props)} dangerouslySetInnerHTML={{ __html: paths }} />
}
