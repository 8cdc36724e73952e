/**
 * The header bell for signed-in users: unread count, a list with infinite scroll, mark read, open the link. Kept live
 * by SWR (focus and an interval) and, when Firebase is configured, by push: foreground messages toast and revalidate,
 * and the panel offers to turn push on (`client/features/notifications/push-offer.tsx`, loaded when the panel first opens).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import useSWRInfinite from 'swr/infinite'
import type * as contract from '../../../contract/gateway/account'
import type { Envelope } from '../../../contract/gateway/common'
import type { Locale } from '../../../contract/locales'
import { accountKeys } from '../../../shared/keys/account-keys'
import type { Key } from '../../../shared/keys/api-keys'
import { hrefTo, matchRoute, readSearch, splitLocale } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useConfig } from '../../runtime/config'
import { envelopeOrThrow, useGateway } from '../../runtime/gateway'
import { useLocale, useT } from '../../runtime/i18n'
import { usePersonalLive } from '../../runtime/realtime/personal-status'
import { useRouter } from '../../runtime/router'
import { useSession } from '../../runtime/session'
import { Icon } from '../../ui/icon'
import { useDismiss } from '../../ui/use-dismiss'
import { usePushMessages } from './push-messages'

const PushOffer = lazy(() => import('./push-offer').then((m) => ({ default: m.PushOffer })))

export const NOTIFICATION_PAGE_SIZE = 10
/** How often the bell asks for news while the page is visible. */
const NOTIFICATION_REFRESH_MS = 30_000

/** A notification's link as a portal URL in this language: gateway links are paths without the locale prefix. */
export function notificationHref(link: string | null | undefined, locale: Locale): string | null {
  if (!link || !/^\/(?![\\/])/.test(link)) return null
  const url = new URL(link, 'http://portal.invalid')
  if (url.origin !== 'http://portal.invalid') return null
  const match = matchRoute(splitLocale(url.pathname).rest)
  if (!match) return null
  return hrefTo(match, { locale, query: readSearch(url.searchParams) })
}

export function NotificationBell() {
  const session = useSession()
  if (!session.loggedIn) return null
  return <Bell />
}

function Bell() {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const gateway = useGateway()
  const { navigate } = useRouter()
  const config = useConfig()
  const [open, setOpen] = useState(false)
  // The push offer mounts when the panel first opens and stays, so its state survives closing the panel.
  const [opened, setOpened] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const sentinel = useRef<HTMLLIElement>(null)
  const panelId = useId()
  // Realtime (docs/decisions/0018-realtime-hub.md): no polling while the user's channel brings the news.
  const live = usePersonalLive()
  const { data, size, setSize, mutate, isValidating, error } = useSWRInfinite(
    (index, previous: Envelope<contract.Notification[]> | null) =>
      previous && previous.content.length < NOTIFICATION_PAGE_SIZE
        ? null
        : accountKeys.notifications(index, NOTIFICATION_PAGE_SIZE),
    (key: Key<contract.Notification[]>) => envelopeOrThrow(gateway.getEnvelope(key)),
    {
      refreshInterval: live ? 0 : NOTIFICATION_REFRESH_MS,
      revalidateOnFocus: true,
      revalidateFirstPage: true,
      refreshWhenHidden: false,
    },
  )
  const items = data?.flatMap((page) => page.content ?? []) ?? []
  const total = data?.[0]?.pageable?.total ?? items.length
  const hasMore = items.length < total
  const unread = items.filter((n) => !n.seen).length
  const unreadLabel = unread && hasMore && unread === items.length ? `${unread}+` : String(unread)

  useDismiss(root, open, (reason) => {
    setOpen(false)
    if (reason === 'escape') toggle.current?.focus()
  })

  // Infinite scroll: the next page loads when the end of the list comes into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a loaded page moves the sentinel; observing anew checks it.
  useEffect(() => {
    const el = sentinel.current
    if (!open || !el || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void setSize((s) => s + 1)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [open, hasMore, setSize, items.length])

  const markRead = async (n: contract.Notification) => {
    if (n.seen) return
    await gateway.request('POST', '/siw/notification', { query: { id: n.id } })
    await mutate()
  }
  const markAll = async () => {
    await gateway.request('POST', '/siw/notification/read-all')
    await mutate()
  }
  const openItem = async (n: contract.Notification, to: string) => {
    setOpen(false)
    void markRead(n)
    await navigate(to)
  }

  const pushConfigured = !!config.firebase && !!config.vapidKey
  usePushMessages(pushConfigured, t('notifications.title'), () => void mutate())

  return (
    <div className="notification-bell" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="icon-button notification-bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? t('notifications.open', { count: unreadLabel }) : t('notifications.openNone')}
        onClick={() => {
          setOpen((o) => !o)
          setOpened(true)
        }}
      >
        <Icon name="bell" />
        {unread ? (
          <span className="notification-bell__count" aria-hidden="true">
            {unreadLabel}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="notification-bell__panel"
        hidden={!open}
        role="region"
        aria-label={t('notifications.title')}
      >
        <div className="notification-bell__head">
          <h2 className="notification-bell__title">{t('notifications.title')}</h2>
          {unread ? (
            <button type="button" className="btn btn--link btn--sm btn--primary" onClick={() => void markAll()}>
              {t('notifications.markAll')}
            </button>
          ) : null}
        </div>
        {error && !items.length ? (
          <p className="notification-bell__empty" role="alert">
            {t('notifications.error')}
          </p>
        ) : null}
        {!error && data && !items.length ? (
          <p className="notification-bell__empty">{t('notifications.empty')}</p>
        ) : null}
        {items.length ? (
          <ul className="notification-bell__list" aria-busy={isValidating || undefined}>
            {items.map((n) => {
              const to = notificationHref(n.link, locale)
              return (
                <li key={n.id} className={n.seen ? 'notification' : 'notification notification--unread'}>
                  {!n.seen ? <span className="visually-hidden">{t('notifications.unread')}: </span> : null}
                  {to ? (
                    <a
                      href={to}
                      className="notification__message"
                      onClick={(e) => {
                        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
                        e.preventDefault()
                        void openItem(n, to)
                      }}
                    >
                      {n.message}
                    </a>
                  ) : (
                    <span className="notification__message">{n.message}</span>
                  )}
                  <time className="notification__time" dateTime={n.created}>
                    {f.dateTime(n.created, 'medium')}
                  </time>
                  {!n.seen ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm btn--neutral notification__read"
                      onClick={() => void markRead(n)}
                    >
                      {t('notifications.markRead')}
                    </button>
                  ) : null}
                </li>
              )
            })}
            {hasMore ? (
              <li ref={sentinel} className="notification-bell__more">
                <button
                  type="button"
                  className="btn btn--outline btn--sm btn--primary"
                  onClick={() => void setSize(size + 1)}
                >
                  {t('notifications.more')}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
        {pushConfigured && opened ? (
          <Suspense fallback={null}>
            <PushOffer />
          </Suspense>
        ) : null}
      </div>
    </div>
  )
}
