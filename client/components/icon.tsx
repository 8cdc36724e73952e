/** An inline SVG icon from the bundled set; unknown names render nothing (the set is in `icons.ts`). */
import { ICONS } from './icons'

export function Icon({ name, className, label }: { name: string; className?: string; label?: string }) {
  const path = ICONS[name]
  if (!path) return null
  return (
    <svg className={['icon', className].filter(Boolean).join(' ')} viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor"
      strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <path d={path} />
    </svg>
  )
}
