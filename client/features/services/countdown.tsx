/**
 * A countdown to `end` that ticks every second by writing `textContent` through refs: the page never re-renders
 * for it. The ticking digits are `aria-hidden`; the end time is static text everyone can read.
 */
import { useEffect, useRef, useState } from 'react'
import { type DateInput, formatDateTime, toDate } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const
type Unit = (typeof UNITS)[number]

/** Whole days, hours, minutes and seconds left until `end` (all zero once it has passed). */
function splitRemaining(ms: number): Record<Unit, number> {
  const s = Math.max(0, Math.floor(ms / 1000))
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  }
}

const show = (unit: Unit, n: number) => (unit === 'days' ? String(n) : String(n).padStart(2, '0'))

export type CountdownProps = {
  end: DateInput
  /** Visible heading over the digits, e.g. "Applications close in". */
  label?: string
  /** Called once when the time is up (e.g. to hide an apply link). */
  onEnd?: () => void
  className?: string
}

export function Countdown({ end, label, onEnd, className }: CountdownProps) {
  const t = useT()
  const locale = useLocale()
  const endDate = toDate(end)
  const endMs = endDate?.getTime() ?? 0
  const [ended, setEnded] = useState(() => endMs <= Date.now())
  // A deadline that moves (a lot's end of applications, live) starts the count again.
  const [counting, setCounting] = useState(endMs)
  if (counting !== endMs) {
    setCounting(endMs)
    setEnded(endMs <= Date.now())
  }
  const refs = useRef<Partial<Record<Unit, HTMLSpanElement | null>>>({})
  const onEndRef = useRef(onEnd)
  onEndRef.current = onEnd

  useEffect(() => {
    if (!endMs || ended) return
    const tick = () => {
      const left = endMs - Date.now()
      const parts = splitRemaining(left)
      for (const unit of UNITS) {
        const el = refs.current[unit]
        const text = show(unit, parts[unit])
        if (el && el.textContent !== text) el.textContent = text
      }
      if (left <= 0) {
        window.clearInterval(timer)
        setEnded(true)
        onEndRef.current?.()
      }
    }
    const timer = window.setInterval(tick, 1000)
    tick()
    return () => window.clearInterval(timer)
  }, [endMs, ended])

  if (!endDate) return null
  const when = formatDateTime(locale, endDate)
  const initial = splitRemaining(endMs - Date.now())
  return (
    <div className={['countdown', ended && 'countdown--ended', className].filter(Boolean).join(' ')}>
      {label && !ended && <p className="countdown__label">{label}</p>}
      {ended ? (
        <p className="countdown__over">{t('countdown.ended', { date: when })}</p>
      ) : (
        <>
          <div className="countdown__units" aria-hidden="true">
            {UNITS.map((unit) => (
              <span key={unit} className="countdown__unit">
                <span
                  className="countdown__value"
                  ref={(el) => {
                    refs.current[unit] = el
                  }}
                  suppressHydrationWarning
                >
                  {show(unit, initial[unit])}
                </span>
                <span className="countdown__unit-label">{t(`countdown.${unit}`)}</span>
              </span>
            ))}
          </div>
          <p className="countdown__end">{t('countdown.endsAt', { date: when })}</p>
        </>
      )}
    </div>
  )
}
