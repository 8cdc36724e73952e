import type { Appeal, AppealResponse } from '../../../contract/gateway/account'
import { accountKeys } from '../../../shared/keys/account-keys'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { useLivePayload } from '../../runtime/live-data'
import { useLiveRefresh } from '../../runtime/realtime/use-live-refresh'
import { Link } from '../../runtime/router'
import { ErrorState } from '../../ui/error-state'
import { PageTitle } from '../../ui/page-title'

import { ReplyForms } from './reply-forms'
import { AppealStatusBadge } from './status-badge'
export function AppealView({
  id,
  appealKey,
  threadKey,
}: {
  id: string
  appealKey: Key<Appeal>
  threadKey: Key<AppealResponse[]>
}) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { data } = useLivePayload(appealKey)
  useLiveRefresh([appealKey])
  const appeal = data?.content
  const title = t('appeals.number', { id })
  if (!appeal) return null
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <p>
        <Link to={href('profile-appeals', { locale })}>{t('appeals.view.back')}</Link>
      </p>
      <div className="profile-page__head">
        <h1>{title}</h1>
        <AppealStatusBadge status={appeal.status} />
      </div>
      <section aria-labelledby="appeal-details-title">
        <h2 id="appeal-details-title" className="visually-hidden">
          {t('appeals.view.details')}
        </h2>
        <dl className="data-list">
          <div className="data-list__row">
            <dt>{t('appeals.form.topic')}</dt>
            <dd>{appeal.topic?.title}</dd>
          </div>
          <div className="data-list__row">
            <dt>{t('appeals.form.type')}</dt>
            <dd>{appeal.type?.title}</dd>
          </div>
          <div className="data-list__row">
            <dt>{t('appeals.form.region')}</dt>
            <dd>{appeal.region?.region}</dd>
          </div>
          <div className="data-list__row">
            <dt>{t('appeals.view.sentAt')}</dt>
            <dd>{f.dateTime(appeal.createdAt)}</dd>
          </div>
        </dl>
        <blockquote className="appeal-text">{appeal.text}</blockquote>
        {appeal.reject_reason ? (
          <p className="appeal-reason">
            <strong>{t('appeals.view.rejectReason')}:</strong> {appeal.reject_reason}
          </p>
        ) : null}
        {appeal.resolve_reason ? (
          <p className="appeal-reason">
            <strong>{t('appeals.view.resolveReason')}:</strong> {appeal.resolve_reason}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="appeal-thread-title">
        <h2 id="appeal-thread-title">{t('appeals.view.thread')}</h2>
        <Thread threadKey={threadKey} />
        {appeal.status === 'reviewed' ? (
          <ReplyForms keys={[appealKey, threadKey, accountKeys.appeals()]} />
        ) : (
          <p className="muted">
            {appeal.status === 'in_moderation' ? t('appeals.view.noAnswers') : t('appeals.view.closedThread')}
          </p>
        )}
      </section>
    </main>
  )
}

function Thread({ threadKey }: { threadKey: Key<AppealResponse[]> }) {
  const t = useT()
  const f = useFormat()
  const { data, error } = useLivePayload(threadKey)
  useLiveRefresh([threadKey])
  if (error) return <ErrorState error={error} headingLevel={3} />
  const items = data?.content ?? []
  if (!items.length) return <p className="muted">{t('appeals.view.noAnswers')}</p>
  return (
    <ol className="thread">
      {items.map((r) => (
        <li key={r.id} className={r.owner ? 'thread__item thread__item--own' : 'thread__item'}>
          <p className="thread__meta">
            <strong>{r.owner ? t('appeals.view.you') : r.admin || t('appeals.view.agency')}</strong> ·{' '}
            <time dateTime={r.created}>{f.dateTime(r.created)}</time>
          </p>
          <p className="thread__text">{r.response}</p>
        </li>
      ))}
    </ol>
  )
}
