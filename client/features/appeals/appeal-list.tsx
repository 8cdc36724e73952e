import type { Appeal, AppealTopic } from '../../../contract/gateway/account'
import type { Region } from '../../../contract/gateway/common'
import { ACCOUNT_PAGE_SIZE } from '../../../shared/keys/account-keys'
import type { Key } from '../../../shared/keys/api-keys'
import { href } from '../../../shared/routing/match'
import { useFormat } from '../../lib/format'
import { useLocale, useT } from '../../runtime/i18n'
import { useLivePayload } from '../../runtime/live-data'
import { useLiveRefresh } from '../../runtime/realtime/use-live-refresh'
import { Link } from '../../runtime/router'
import { Button } from '../../ui/button'
import { EmptyState } from '../../ui/empty-state'
import { ErrorState } from '../../ui/error-state'
import { FormProblems } from '../../ui/page-form'
import { PageTitle } from '../../ui/page-title'
import { Pagination } from '../../ui/pagination'
import { AppealFields, useAppealLabels } from './appeal-fields'

import { AppealStatusBadge } from './status-badge'
import { accountForms, forIntent, useAppealForm } from './use-appeal-form'
/** `create`: the new-appeal form's option lists, when the address asks for the form (`?new=1`). */
export function AppealList({
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
