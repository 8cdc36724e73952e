/**
 * `/profile/appeals` (list, `?new=1` opens the form) and `/profile/appeals/{id}` (read-only view, the reply thread
 * while `reviewed`, accept or reject with a reason). Every form posts to the page's action, so it works without JS.
 */
import { useRef } from 'react'
import { useSWRConfig } from 'swr'
import { ACCOUNT_PAGE_SIZE, accountKeys } from '../../shared/account-keys'
import type { Key } from '../../shared/api-keys'
import type { Appeal, AppealResponse, AppealTopic } from '../../shared/contract/account'
import type { Region } from '../../shared/contract/common'
import { href } from '../../shared/match'
import { appealsPlan } from '../../shared/plans/account'
import type { FormState } from '../../shared/state'
import { AppealFields, useAppealLabels } from '../features/appeals/appeal-fields'
import { useFormat } from '../lib/format'
import { type PageFormOptions, usePageForm } from '../runtime/forms'
import { useLocale, useT } from '../runtime/i18n'
import { useLivePayload } from '../runtime/live-data'
import { showToast } from '../runtime/notify'
import { useLiveRefresh } from '../runtime/realtime/use-live-refresh'
import { Link, useRouteData } from '../runtime/router'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorState } from '../ui/error-state'
import { RadioGroup } from '../ui/form-field'
import { FormProblems, FormTextAreaField, fieldId } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'
import { Pagination } from '../ui/pagination'

type AppealStatus = Appeal['status']

const STATUS_TONE: Record<AppealStatus, 'brand' | 'success' | 'danger' | 'neutral'> = {
  in_moderation: 'neutral',
  reviewed: 'brand',
  resolved: 'success',
  not_resolved: 'danger',
}

export function AppealStatusBadge({ status }: { status: AppealStatus }) {
  const t = useT()
  return <span className={`badge badge--${STATUS_TONE[status] ?? 'neutral'}`}>{t(`appeals.status.${status}`)}</span>
}

const EMPTY_FORM: FormState = { values: {}, errors: {}, code: null }

/** The state of one of several forms on a page: a no-JS answer belongs to the form whose `intent` it carries. */
function forIntent(state: FormState, intent: string): FormState {
  return state.values.intent === intent ? state : EMPTY_FORM
}

/** Page forms whose success toasts the action's notice and refreshes the given keys. */
const accountForms = () => import('../../shared/account-forms')

function useAppealForm(options: PageFormOptions, keys: readonly string[]) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const ref = useRef<HTMLFormElement>(null)
  const form = usePageForm({
    ...options,
    onResult: (res) => {
      if (!res.redirect) return
      const notice = res.notice
      if (notice) showToast('success', () => t(notice))
      ref.current?.reset()
      form.setState(EMPTY_FORM)
      for (const key of keys) void mutate(key)
    },
  })
  return { ...form, ref }
}

export function Page() {
  const { params, query, keys } = useRouteData(appealsPlan)
  if (params.id && keys.appeal && keys.responses)
    return <AppealView id={params.id} appealKey={keys.appeal} threadKey={keys.responses} />
  if (!keys.list) return null
  return (
    <AppealList
      listKey={keys.list}
      page={query.page ?? 0}
      create={keys.topics && keys.regions ? { topicsKey: keys.topics, regionsKey: keys.regions } : null}
    />
  )
}

/** `create`: the new-appeal form's option lists, when the address asks for the form (`?new=1`). */
function AppealList({
  listKey,
  page,
  create,
}: {
  listKey: Key<Appeal[]>
  page: number
  create: { topicsKey: Key<AppealTopic[]>; regionsKey: Key<Region[]> } | null
}) {
  const t = useT()
  const locale = useLocale()
  const creating = create !== null
  const title = t('appeals.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <div className="profile-page__head">
        <h1>{title}</h1>
        {!creating ? (
          <Button
            to={href('profile-appeals', { locale, query: { new: '1' } })}
            iconName="plus"
            label={t('appeals.new')}
          />
        ) : null}
      </div>
      <p className="lead">{t('appeals.intro')}</p>
      {create ? <CreateAppeal listKey={listKey} {...create} /> : null}
      <section aria-labelledby="appeal-list-title">
        <h2 id="appeal-list-title">{t('appeals.list')}</h2>
        <AppealItems listKey={listKey} page={page} />
      </section>
    </main>
  )
}

function CreateAppeal({
  listKey,
  topicsKey,
  regionsKey,
}: {
  listKey: Key<Appeal[]>
  topicsKey: Key<AppealTopic[]>
  regionsKey: Key<Region[]>
}) {
  const t = useT()
  const locale = useLocale()
  const topics = useLivePayload(topicsKey)
  const regions = useLivePayload(regionsKey)
  const labels = useAppealLabels()
  const form = useAppealForm({ schema: () => accountForms().then((m) => m.AppealSchema) }, [listKey])
  const state = forIntent(form.state, 'create')
  if (topics.error || regions.error) return <ErrorState error={topics.error ?? regions.error} headingLevel={2} />
  return (
    <section className="panel" aria-labelledby="appeal-form-title">
      <h2 id="appeal-form-title">{t('appeals.form.title')}</h2>
      <FormProblems state={state} labels={labels} />
      <form ref={form.ref} method="post" action={form.action} onSubmit={form.onSubmit} noValidate className="form">
        <input type="hidden" name="intent" value="create" />
        <AppealFields topics={topics.data?.content ?? []} regions={regions.data?.content ?? []} state={state} />
        <div className="form__actions">
          <Button type="submit" label={t('appeals.form.submit')} loading={form.pending} />
          <Link to={href('profile-appeals', { locale })}>{t('appeals.form.back')}</Link>
        </div>
      </form>
    </section>
  )
}

function AppealItems({ listKey, page }: { listKey: Key<Appeal[]>; page: number }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { data, error } = useLivePayload(listKey)
  useLiveRefresh([listKey])
  if (error) return <ErrorState error={error} headingLevel={3} />
  const items = data?.content ?? []
  if (!items.length) {
    return (
      <EmptyState
        headingLevel={3}
        title={t('appeals.empty')}
        message={<p>{t('appeals.intro')}</p>}
        action={
          <Button
            to={href('profile-appeals', { locale, query: { new: '1' } })}
            variant="outline"
            label={t('appeals.new')}
          />
        }
      />
    )
  }
  const total = data?.pageable?.total ?? items.length
  return (
    <>
      <ul className="record-list">
        {items.map((a) => (
          <li key={a.id} className="record">
            <div className="record__head">
              <h3 className="record__title">
                <Link to={href('profile-appeals', { locale, params: { id: String(a.id) } })}>
                  {t('appeals.number', { id: a.id })}
                </Link>
              </h3>
              <AppealStatusBadge status={a.status} />
            </div>
            <p className="record__meta">
              {[a.topic?.title, a.type?.title, a.region?.region].filter(Boolean).join(' · ')}
            </p>
            <p className="record__meta">{t('appeals.sent', { date: f.dateTime(a.createdAt) })}</p>
          </li>
        ))}
      </ul>
      <Pagination routeId="profile-appeals" page={page} totalPages={Math.ceil(total / ACCOUNT_PAGE_SIZE)} />
    </>
  )
}

function AppealView({
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

function ReplyForms({ keys }: { keys: readonly string[] }) {
  const t = useT()
  const reply = useAppealForm({ schema: () => accountForms().then((m) => m.AppealReplySchema) }, keys)
  const resolve = useAppealForm({ schema: () => accountForms().then((m) => m.AppealResolutionSchema) }, keys)
  const replyState = forIntent(reply.state, 'reply')
  const resolveState = forIntent(resolve.state, 'resolve')
  const resolveLabels = { resolved: t('appeals.view.resolveTitle'), reason: t('appeals.view.reason') }
  return (
    <div className="appeal-actions">
      <form
        ref={reply.ref}
        method="post"
        action={reply.action}
        onSubmit={reply.onSubmit}
        noValidate
        className="form"
        aria-labelledby="reply-title"
      >
        <h3 id="reply-title">{t('appeals.view.reply')}</h3>
        <FormProblems state={replyState} labels={{ response: t('appeals.view.reply') }} scope="reply" />
        <input type="hidden" name="intent" value="reply" />
        <FormTextAreaField
          name="response"
          scope="reply"
          label={t('appeals.view.reply')}
          rows={4}
          required
          defaultValue={replyState.values.response ?? ''}
          error={replyState.errors.response}
        />
        <div className="form__actions">
          <Button type="submit" label={t('appeals.view.replySubmit')} loading={reply.pending} />
        </div>
      </form>
      <form
        ref={resolve.ref}
        method="post"
        action={resolve.action}
        onSubmit={resolve.onSubmit}
        noValidate
        className="form"
        aria-labelledby="resolve-title"
      >
        <h3 id="resolve-title">{t('appeals.view.resolveTitle')}</h3>
        <FormProblems state={resolveState} labels={resolveLabels} scope="resolve" />
        <input type="hidden" name="intent" value="resolve" />
        <RadioGroup
          id={fieldId('resolved', 'resolve')}
          name="resolved"
          label={resolveLabels.resolved}
          required
          inline
          defaultValue={resolveState.values.resolved}
          error={resolveState.errors.resolved ? t(resolveState.errors.resolved) : null}
          options={[
            { value: 'true', label: t('appeals.view.accept') },
            { value: 'false', label: t('appeals.view.reject') },
          ]}
        />
        <FormTextAreaField
          name="reason"
          scope="resolve"
          label={resolveLabels.reason}
          hint={t('appeals.view.reasonHint')}
          rows={3}
          defaultValue={resolveState.values.reason ?? ''}
          error={resolveState.errors.reason}
        />
        <div className="form__actions">
          <Button type="submit" label={t('forms.submit')} loading={resolve.pending} />
        </div>
      </form>
    </div>
  )
}
