/**
 * `/profile/my-projects/form/{id?}`: propose or edit a project. Title and description per language in tabs that show
 * which language has errors; cash-flow rows; the image and one presentation per language uploaded with progress.
 * View-only while the moderator checks it (pending), editable when approved or rejected. Without JavaScript the same
 * form posts to the page's action, which runs the same workflow (`submitProjectForm`).
 */
import { useState } from 'react'
import type { PersonalProject } from '../../contract/gateway/account'
import type { Region } from '../../contract/gateway/common'
import type { ProjectCategory, Sector } from '../../contract/gateway/guide'
import { PROJECT_STATUSES } from '../../contract/gateway/statuses'
import { LOCALE_NAMES } from '../../shared/constants'
import {
  budgetField,
  contentField,
  PROJECT_LANGS,
  type ProjectLang,
  presentationField,
  titleField,
} from '../../shared/forms/project-form/fields'
import { IMAGE_ACCEPT, PRESENTATION_ACCEPT } from '../../shared/forms/project-form/files'
import type { Key } from '../../shared/keys/api-keys'
import { projectFormPlan } from '../../shared/plans/account'
import { href } from '../../shared/routing/match'
import type { FormState } from '../../shared/state/state'
import { BudgetRows, useBudgetRows } from '../features/projects/budget-rows'
import { FileInput } from '../features/projects/file-input'
import { LanguageTabs, languageWithErrors } from '../features/projects/language-tabs'
import { ProjectStateBadge } from '../features/projects/project-state-badge'
import { useProjectSubmit } from '../features/projects/use-project-submit'
import { usePageForm } from '../runtime/forms'
import { useLocale, useT } from '../runtime/i18n'
import { useLivePayload } from '../runtime/live-data'
import { Link, useRouteData } from '../runtime/router'
import { Button } from '../ui/button'
import { ErrorState } from '../ui/error-state'
import { FormProblems, FormSelectField, FormTextField, StatusPanel } from '../ui/page-form'
import { PageTitle } from '../ui/page-title'

type OptionKeys = Readonly<{ categories: Key<ProjectCategory[]>; sectors: Key<Sector[]>; regions: Key<Region[]> }>

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(projectFormPlan)
  const { data } = useLivePayload(keys.project)
  const project = data?.content ?? null
  const readOnly = !!project && project.state === 'pending' && !project.draft
  const title = t(
    !params.id ? 'projects.form.createTitle' : readOnly ? 'projects.form.viewTitle' : 'projects.form.editTitle',
  )
  return (
    <main id="main" className="profile-page">
      <PageTitle title={title} />
      <p>
        <Link to={href('profile-my-projects', { locale })}>{t('projects.form.back')}</Link>
      </p>
      <div className="profile-page__head">
        <h1>{title}</h1>
        {project ? <ProjectStateBadge project={project} /> : null}
      </div>
      {readOnly ? <StatusPanel tone="info">{t('projects.form.pendingNote')}</StatusPanel> : null}
      {project?.state === 'rejected' && project.reject_reason ? (
        <StatusPanel tone="warning" title={t('projects.rejectReason')}>
          <p>{project.reject_reason}</p>
        </StatusPanel>
      ) : null}
      <ProjectForm project={project} readOnly={readOnly} keys={keys} />
    </main>
  )
}

/** The fields' labels in the form's order, which the error summary follows. */
function useLabels(rowCount: number): Record<string, string> {
  const t = useT()
  const labels: Record<string, string> = {}
  for (const lang of PROJECT_LANGS) {
    labels[titleField(lang)] = `${t('projects.form.titleField')} (${LOCALE_NAMES[lang]})`
    labels[contentField(lang)] = `${t('projects.form.content')} (${LOCALE_NAMES[lang]})`
  }
  Object.assign(labels, {
    category_id: t('projects.form.category'),
    sector_id: t('projects.form.sector'),
    region_id: t('projects.form.region'),
    budget: t('projects.form.budgetField'),
    status: t('projects.form.status'),
    latitude: t('projects.form.latitude'),
    longitude: t('projects.form.longitude'),
  })
  for (let i = 0; i < rowCount; i++) labels[budgetField(i)] = t('projects.form.year', { n: i + 1 })
  Object.assign(labels, {
    phone: t('projects.form.phone'),
    email: t('projects.form.email'),
    image: t('projects.form.image'),
  })
  for (const lang of PROJECT_LANGS)
    labels[presentationField(lang)] = t('projects.form.presentation', { lang: LOCALE_NAMES[lang] })
  return labels
}

function ProjectForm({
  project,
  readOnly,
  keys,
}: {
  project: PersonalProject | null
  readOnly: boolean
  keys: OptionKeys
}) {
  const t = useT()
  const locale = useLocale()
  const categories = useLivePayload(keys.categories)
  const sectors = useLivePayload(keys.sectors)
  const regions = useLivePayload(keys.regions)
  const page = usePageForm()
  const { state, setState } = page
  const [tab, setTab] = useState<ProjectLang>(locale)
  const budget = useBudgetRows(state, project)
  const labels = useLabels(budget.rows.length)
  const submit = useProjectSubmit({
    project,
    onFailed: (next: FormState) => {
      setState(next)
      const lang = languageWithErrors(next.errors)
      if (lang) setTab(lang)
    },
  })

  if (categories.error || sectors.error || regions.error)
    return <ErrorState error={categories.error ?? sectors.error ?? regions.error} />

  const value = (name: string, saved: string | number | null | undefined) =>
    state.values[name] ?? (saved === null || saved === undefined ? '' : String(saved))
  const { errors } = state
  return (
    <>
      <FormProblems state={state} labels={labels} />
      <form
        method="post"
        action={page.action}
        encType="multipart/form-data"
        onSubmit={(event) => (readOnly ? event.preventDefault() : submit.onSubmit(event))}
        noValidate
        className="form project-form"
      >
        <fieldset disabled={readOnly} className="form__fieldset">
          <LanguageTabs
            project={project}
            values={state.values}
            errors={errors}
            labels={labels}
            tab={tab}
            onTab={setTab}
          />
          <div className="form__grid">
            <FormSelectField
              name="category_id"
              label={labels.category_id}
              required
              placeholder={t('services.choose')}
              options={(categories.data?.content ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
              defaultValue={value('category_id', project?.category_id)}
              error={errors.category_id}
            />
            <FormSelectField
              name="sector_id"
              label={labels.sector_id}
              required
              placeholder={t('services.choose')}
              options={(sectors.data?.content ?? []).map((s) => ({ value: String(s.id), label: s.content }))}
              defaultValue={value('sector_id', project?.sector_id)}
              error={errors.sector_id}
            />
            <FormSelectField
              name="region_id"
              label={labels.region_id}
              required
              placeholder={t('services.choose')}
              options={(regions.data?.content ?? []).map((r) => ({ value: String(r.id), label: r.region }))}
              defaultValue={value('region_id', project?.region_id)}
              error={errors.region_id}
            />
            <FormTextField
              name="budget"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              label={labels.budget}
              required
              width="medium"
              defaultValue={value('budget', project?.budget)}
              error={errors.budget}
            />
            <FormSelectField
              name="status"
              label={labels.status}
              options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.form.statusValues.${s}`) }))}
              defaultValue={value('status', project?.status ?? 'open_for_investment')}
              error={errors.status}
            />
          </div>
          <fieldset className="form__section">
            <legend>{t('projects.form.location')}</legend>
            <p className="field__hint">{t('projects.form.locationHint')}</p>
            <div className="form__grid">
              <FormTextField
                name="latitude"
                type="number"
                step="any"
                min={-90}
                max={90}
                inputMode="decimal"
                width="medium"
                label={labels.latitude}
                defaultValue={value('latitude', project?.latitude)}
                error={errors.latitude}
              />
              <FormTextField
                name="longitude"
                type="number"
                step="any"
                min={-180}
                max={180}
                inputMode="decimal"
                width="medium"
                label={labels.longitude}
                defaultValue={value('longitude', project?.longitude)}
                error={errors.longitude}
              />
            </div>
          </fieldset>
          <BudgetRows budget={budget} labels={labels} errors={errors} />
          <fieldset className="form__section">
            <legend>{t('projects.form.contacts')}</legend>
            <div className="form__grid">
              <FormTextField
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                label={labels.phone}
                hint={t('projects.form.phoneHint')}
                defaultValue={value('phone', project?.phone)}
                error={errors.phone}
              />
              <FormTextField
                name="email"
                type="email"
                autoComplete="email"
                label={labels.email}
                defaultValue={value('email', project?.email)}
                error={errors.email}
              />
            </div>
          </fieldset>
          <fieldset className="form__section">
            <legend>{t('projects.form.files')}</legend>
            <FileInput
              name="image"
              label={labels.image!}
              hint={t('projects.form.imageHint')}
              accept={IMAGE_ACCEPT}
              current={project?.upload}
              error={errors.image}
              upload={submit.uploads.image}
            />
            {PROJECT_LANGS.map((lang) => (
              <FileInput
                key={lang}
                name={presentationField(lang)}
                label={labels[presentationField(lang)]!}
                hint={t('projects.form.presentationHint')}
                accept={PRESENTATION_ACCEPT}
                current={project?.presentation?.[lang]}
                error={errors[presentationField(lang)]}
                upload={submit.uploads[presentationField(lang)]}
              />
            ))}
          </fieldset>
          {!readOnly ? (
            <div className="form__actions">
              <Button
                type="submit"
                label={t('projects.form.save')}
                loading={submit.pending}
                loadingLabel={t('projects.form.saving')}
              />
            </div>
          ) : null}
        </fieldset>
      </form>
    </>
  )
}
