/**
 * The admin's mail screen (docs/operations.md#mail): mail the delivery gave up on, by kind, recipient and last error,
 * never with its text or links, each with a plain form that sends it again (docs/gateway-contract.md#operator-mail).
 * Mail still queued after a while is listed too, without the button: the queue is still trying it.
 */
import type { Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { MailList as MailListAnswer } from '../../../../contract/operators/mail'
import { MAIL_STATUSES } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, type FormProblem, Pager, Tabs, Time } from '../../ui'

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
  const { status, items, counts } = list
  return (
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
      {items.length === 0 ? (
        <p>{t(`mail.empty.${status}`)}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t(`mail.caption.${status}`, { total: pageable?.total ?? items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mail.kind')}</th>
                <th scope="col">{t('mail.to')}</th>
                <th scope="col">{t('mail.subject')}</th>
                <th scope="col">{t('mail.attempts')}</th>
                <th scope="col">{t('mail.lastError')}</th>
                <th scope="col">{t(status === 'failed' ? 'mail.failedAt' : 'mail.createdAt')}</th>
                {status === 'failed' ? <th scope="col">{t('mail.action')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id} data-mail={m.id}>
                  <td>
                    <Badge state={m.status}>{kindLabel(t, m.kind)}</Badge>
                  </td>
                  <td>{m.to}</td>
                  <td lang={m.lang ?? undefined}>{m.subject}</td>
                  <td>{m.attempts}</td>
                  <td>{m.last_error ?? '—'}</td>
                  <td>
                    <Time iso={status === 'failed' ? m.failed_at : m.created_at} />
                  </td>
                  {status === 'failed' ? (
                    <td>
                      <form method="post" action={paths.mailResend(lang, m.id)}>
                        <button className="btn btn--outline btn--primary btn--sm" type="submit">
                          {t('mail.resend')}
                          <span className="visually-hidden">
                            {' '}
                            {t('mail.resendOf', { kind: kindLabel(t, m.kind), to: m.to })}
                          </span>
                        </button>
                      </form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        t={t}
        pageable={pageable}
        href={(page) => paths.mail(lang, { status: status === 'failed' ? undefined : status, page })}
      />
    </>
  )
}
