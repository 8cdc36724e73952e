/** A link that leaves the portal: opens in a new tab, says so to screen readers, and shows the external-link icon. */
import type { ReactNode } from 'react'
import { useT } from '../../runtime/i18n'
import { Icon } from '../../ui/icon'

/** `https://my.gov.uz/uz/x` → `my.gov.uz`; the raw text when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** Only web links leave the portal; anything else (javascript:, data:) is not a link at all. */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useT()
  if (!isWebUrl(href)) return null
  return (
    <a
      href={href}
      className={['external-link', className].filter(Boolean).join(' ')}
      target="_blank"
      rel="noopener noreferrer"
    >
      <span>{children}</span>
      <Icon name="external-link" />
      <span className="visually-hidden"> ({t('services.common.newTab')})</span>
    </a>
  )
}
