/** Accordion: headings holding disclosure buttons (`aria-expanded`, `aria-controls`) over their panels. */
import { type ReactNode, useId, useState } from 'react'
import { Icon } from './icon'

type AccordionItem = { id: string; title: ReactNode; content: ReactNode }

export type AccordionProps = {
  items: readonly AccordionItem[]
  /** Level of the headings that wrap the buttons, to fit the page outline. */
  headingLevel?: 2 | 3 | 4
  /** Ids open at first. */
  defaultOpen?: readonly string[]
  /** Opening one closes the others. */
  single?: boolean
  className?: string
}

export function Accordion({ items, headingLevel = 3, defaultOpen = [], single = false, className }: AccordionProps) {
  const baseId = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen))
  const Heading = `h${headingLevel}` as const
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(single ? [] : prev)
      if (prev.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <div className={['accordion', className].filter(Boolean).join(' ')}>
      {items.map((item) => {
        const expanded = open.has(item.id)
        const panelId = `${baseId}-${item.id}`
        return (
          <div key={item.id} className="accordion__item">
            <Heading className="accordion__heading">
              <button
                type="button"
                className="accordion__toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <Icon name={expanded ? 'minus' : 'plus'} className="accordion__icon" />
              </button>
            </Heading>
            <div id={panelId} className="accordion__panel" hidden={!expanded}>
              {item.content}
            </div>
          </div>
        )
      })}
    </div>
  )
}
