/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select them; panels are labelled by
 * their tab.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'

type TabItem = { id: string; label: ReactNode; content: ReactNode }

export type TabsProps = {
  items: readonly TabItem[]
  /** Accessible name of the tab list. */
  label: string
  defaultId?: string
  /** Controlled selection: pass with `onChange`. */
  selectedId?: string
  onChange?: (id: string) => void
  className?: string
}

export function Tabs({ items, label, defaultId, selectedId, onChange, className }: TabsProps) {
  const baseId = useId()
  const [own, setOwn] = useState(defaultId ?? items[0]?.id)
  const selected = selectedId ?? own
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const select = (id: string) => {
    if (selectedId === undefined) setOwn(id)
    onChange?.(id)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected)
    const last = items.length - 1
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = next > last ? 0 : next < 0 ? last : next
    select(items[target]!.id)
    tabs.current[target]?.focus()
  }
  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, i) => {
          const active = item.id === selected
          return (
            <button
              key={item.id}
              ref={(el) => {
                tabs.current[i] = el
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              className="tabs__tab"
              aria-selected={active}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          className="tabs__panel"
          aria-labelledby={`${baseId}-tab-${item.id}`}
          tabIndex={0}
          hidden={item.id !== selected}
        >
          {item.content}
        </div>
      ))}
    </div>
  )
}
