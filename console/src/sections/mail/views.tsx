/**
 * The admin's mail screen (docs/operations.md#mail): mail the delivery gave up on, by kind, recipient and last error,
 * never with its text or links, each with a plain form that sends it again (docs/gateway-contract.md#operator-mail).
 * Mail still queued after a while is listed too, without the button: the queue is still trying it.
 */
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { MailList as MailListAnswer } from '../../../../contract/operators/mail'
import { MAIL_STATUSES } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, type Column, ErrorSummary, type FormProblem, ListView, Tabs, Time } from '../../ui'

/** A mail's kind as the operator reads it; mail recorded before kinds were has none. */
function kindLabel(t: Translate, kind: string | null): string {
  const key = `mail.kinds.${kind ?? 'unknown'}`
  const text = t(key)
  return text === key ? t('mail.kinds.unknown') : text
}

export function MailList({
  t,
  lang,
  list,
  pageable,
  problem,
}: {
  t: Translate
  lang: Locale
  list: MailListAnswer
  pageable: Pageable | null
  problem: FormProblem | null
}) {
  const { status, counts } = list
  // The failed list is the screen's default: its address names no status.
  const shown = status === 'failed' ? undefined : status
  const columns: Column<MailListAnswer['items'][number]>[] = [
    { label: t('mail.kind'), cell: (m) => <Badge state={m.status}>{kindLabel(t, m.kind)}</Badge> },
    { label: t('mail.to'), cell: (m) => m.to },
    { label: t('mail.subject'), cell: (m) => m.subject, lang: (m) => m.lang ?? undefined },
    { label: t('mail.attempts'), cell: (m) => m.attempts },
    { label: t('mail.lastError'), cell: (m) => m.last_error ?? '—' },
    {
      label: t(status === 'failed' ? 'mail.failedAt' : 'mail.createdAt'),
      cell: (m) => <Time iso={status === 'failed' ? m.failed_at : m.created_at} />,
    },
  ]
  if (status === 'failed')
    columns.push({
      label: t('mail.action'),
      cell: (m) => (
        <form method="post" action={paths.mailResend(lang, m.id)}>
          <button className="btn btn--outline btn--primary btn--sm" type="submit">
            {t('mail.resend')}
            <span className="visually-hidden"> {t('mail.resendOf', { kind: kindLabel(t, m.kind), to: m.to })}</span>
          </button>
        </form>
      ),
    })
  return (
    <ListView
      t={t}
      head={
        <>
          <ErrorSummary t={t} problem={problem} />
          <p>{t(`mail.intro.${status}`)}</p>
          <Tabs
            label={t('mail.tabs')}
            tabs={MAIL_STATUSES.map((s) => ({
              label: t(`mail.status.${s}`),
              href: paths.mail(lang, { status: s === 'failed' ? undefined : s }),
              count: counts[s],
              current: s === status,
            }))}
          />
        </>
      }
      caption={t(`mail.caption.${status}`, { total: pageable?.total ?? list.items.length })}
      columns={columns}
      items={list.items}
      rowKey={(m) => m.id}
      rowData={(m) => ({ 'data-mail': m.id })}
      empty={t(`mail.empty.${status}`)}
      pageable={pageable}
      href={(page) => paths.mail(lang, { status: shown, page })}
    />
  )
}
