/** Delegated client navigation for site links inside gateway HTML. */
import type { MouseEvent } from 'react'
import { splitLocale } from '../../shared/routing/match'
import { useRouter } from './router'

/**
 * Site links inside gateway HTML or a static section navigate on the client (delegated: the block itself is not
 * interactive).
 */
export function useContentLinks() {
  const { navigate } = useRouter()
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    const link = (event.target as Element).closest?.('a')
    const target = link?.getAttribute('href')
    if (!target?.startsWith('/') || target.startsWith('//') || !splitLocale(target.split(/[?#]/)[0]!).locale) return
    if (target.includes('#') && target.split('#')[0] === window.location.pathname) return
    event.preventDefault()
    void navigate(target)
  }
}
