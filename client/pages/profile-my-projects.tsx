/**
 * `/profile/my-projects`: the user's projects with moderation state badges, reject reasons, a visibility toggle, and a
 * way to withdraw a proposal still in moderation or rejected (asked first, in a disclosure that needs no script).
 */
import { useSWRConfig } from 'swr'
import type { PersonalProject } from '../../contract/gateway/account'
import { pickLang } from '../../shared/forms/project-form/fields'
import { ACCOUNT_PAGE_SIZE } from '../../shared/keys/account-keys'
import type { Key } from '../../shared/keys/api-keys'
import { myProjectsPlan } from '../../shared/plans/account'
import { href } from '../../shared/routing/match'
import { ProjectStateBadge } from '../features/projects/project-state-badge'
import { useFormat } from '../lib/format'
import { usePageForm } from '../runtime/forms'
import { useLocale, useT } from '../runtime/i18n'
import { useLivePayload } from '../runtime/live-data'
import { showToast } from '../runtime/notify'
import { useLiveRefresh } from '../runtime/realtime/use-live-refresh'
import { Link, useRouteData } from '../runtime/router'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorState } from '../ui/error-state'
import { FormProblems } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'
import { Pagination } from '../ui/pagination'

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { query, keys } = useRouteData(myProjectsPlan)
  const title = t('projects.title')
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <div className="profile-page__head">
        <h1>{title}</h1>
        <Button to={href('profile-project-form', { locale })} iconName="plus" label={t('projects.new')} />
      </div>
      <p className="lead">{t('projects.intro')}</p>
      <ProjectList listKey={keys.list} page={query.page ?? 0} />
    </main>
  )
}

function ProjectList({ listKey, page }: { listKey: Key<PersonalProject[]>; page: number }) {
  const t = useT()
  const locale = useLocale()
  const { data, error } = useLivePayload(listKey)
  useLiveRefresh([listKey])
  if (error) return <ErrorState error={error} />
  const items = data?.content ?? []
  if (!items.length) {
    return (
      <EmptyState
        title={t('projects.empty')}
        message={<p>{t('projects.intro')}</p>}
        action={<Button to={href('profile-project-form', { locale })} variant="outline" label={t('projects.new')} />}
      />
    )
  }
  const total = data?.pageable?.total ?? items.length
  return (
    <>
      <ul className="record-list">
        {items.map((p) => (
          <ProjectItem key={p.id} project={p} listKey={listKey} />
        ))}
      </ul>
      <Pagination routeId="profile-my-projects" page={page} totalPages={Math.ceil(total / ACCOUNT_PAGE_SIZE)} />
    </>
  )
}

function ProjectItem({ project: p, listKey }: { project: PersonalProject; listKey: string }) {
  const t = useT()
  const locale = useLocale()
  const f = useFormat()
  const { mutate } = useSWRConfig()
  const visibility = usePageForm({
    onResult: async (res) => {
      if (res.redirect) await mutate(listKey)
    },
  })
  const withdraw = usePageForm({
    onResult: async (res) => {
      if (!res.redirect) return
      if (res.notice) showToast('success', () => t(res.notice!))
      await mutate(listKey)
    },
  })
  // A no-JS answer belongs to the row (and the form) whose id it carries.
  const stateOf = (form: typeof visibility, intent: string) =>
    form.state.values.id === String(p.id) && (form.state.values.intent ?? 'visibility') === intent
      ? form.state
      : { values: {}, errors: {}, code: null }
  const state = stateOf(visibility, 'visibility')
  const withdrawState = stateOf(withdraw, 'withdraw')
  const withdrawable = p.state === 'pending' || p.state === 'rejected'
  const visible = p.visible !== false
  const editable = p.draft || p.state !== 'pending'
  const title = pickLang(p.title, locale) || t('projects.title')
  return (
    <li className="record">
      <div className="record__head">
        <h2 className="record__title">
          <Link to={href('profile-project-form', { locale, params: { id: String(p.id) } })}>{title}</Link>
        </h2>
        <ProjectStateBadge project={p} />
      </div>
      <p className="record__meta">
        {t('projects.budget')}: {f.money(p.budget, 'USD')} · {t('projects.created', { date: f.date(p.createdAt) })} ·{' '}
        {t(visible ? 'projects.visible' : 'projects.hidden')}
      </p>
      {p.state === 'rejected' && p.reject_reason ? (
        <p className="record__note">
          <strong>{t('projects.rejectReason')}:</strong> {p.reject_reason}
        </p>
      ) : null}
      <div className="record__actions">
        <Button
          to={href('profile-project-form', { locale, params: { id: String(p.id) } })}
          variant="outline"
          size="sm"
          label={t(editable ? 'projects.edit' : 'projects.view')}
        />
        <form method="post" action={visibility.action} onSubmit={visibility.onSubmit}>
          <input type="hidden" name="intent" value="visibility" />
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="visible" value={visible ? 'false' : 'true'} />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            iconName={visible ? 'minus' : 'plus'}
            label={t(visible ? 'projects.hide' : 'projects.show')}
            loading={visibility.pending}
          />
        </form>
      </div>
      <FormProblems state={state} labels={{}} scope={`visibility-${p.id}`} />
      {withdrawable ? (
        <details className="record__withdraw">
          <summary>{t('projects.withdraw.open')}</summary>
          <p>{t('projects.withdraw.ask')}</p>
          <form method="post" action={withdraw.action} onSubmit={withdraw.onSubmit}>
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="id" value={p.id} />
            <Button
              type="submit"
              size="sm"
              color="danger"
              label={t('projects.withdraw.confirm')}
              loading={withdraw.pending}
            />
          </form>
          <FormProblems state={withdrawState} labels={{}} scope={`withdraw-${p.id}`} />
        </details>
      ) : null}
    </li>
  )
}
