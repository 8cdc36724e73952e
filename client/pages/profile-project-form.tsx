/**
 * `/profile/my-projects/form/{id?}`: propose or edit a project. Title and description per language in tabs that show
 * which language has errors; cash-flow rows; the image and one presentation per language uploaded with progress.
 * View-only while the moderator checks it (pending), editable when approved or rejected. Without JavaScript the same
 * form posts to the page's action.
 */
import { useRef, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { readFields } from '../../shared/account-forms'
import { accountKeys } from '../../shared/account-keys'
import { LOCALE_NAMES } from '../../shared/constants'
import { GatewayError } from '../../shared/gateway-client'
import { href } from '../../shared/match'
import { projectFormPlan } from '../../shared/plans/account'
import {
  budgetField,
  budgetIdField,
  budgetRows,
  checkProjectFiles,
  contentField,
  htmlToText,
  IMAGE_ACCEPT,
  MAX_BUDGET_ROWS,
  PRESENTATION_ACCEPT,
  PROJECT_LANGS,
  PROJECT_STATUSES,
  presentationField,
  projectErrorField,
  readProjectForm,
  titleField,
  type PersonalProject,
  type ProjectLang,
} from '../../shared/project-form'
import type { FormState } from '../../shared/state'
import { FormProblems, SelectField, StatusPanel, TextAreaField, TextField, fieldId } from '../components/account-form'
import { Button } from '../components/button'
import { ErrorState } from '../components/error-state'
import { PageTitle } from '../components/page-title'
import { ProjectStateBadge } from '../components/project-state-badge'
import { Tabs } from '../components/tabs'
import { useLivePayload } from '../live-data'
import { usePageForm } from '../forms'
import { useGateway } from '../gateway'
import { useLocale, useT } from '../i18n'
import { showToast } from '../notify'
import { Link, useRouteData, useRouter } from '../router'
import { uploadWithProgress } from '../upload'

type Category = { id: number; title: string }
type Sector = { id: number; content: string }
type Region = { id: number; region: string }
type Row = { key: number; id?: number; sum: string }
type Upload = { name: string; percent: number; done: boolean }

const EMPTY: FormState = { values: {}, errors: {}, code: null }

export function Page() {
  const t = useT()
  const locale = useLocale()
  const { params, keys } = useRouteData(projectFormPlan)
  const { id } = params
  const { data } = useLivePayload<PersonalProject>(keys.project)
  const project = data?.content ?? null
  const readOnly = !!project && project.state === 'pending' && !project.draft
  const title = t(!id ? 'projects.form.createTitle' : readOnly ? 'projects.form.viewTitle' : 'projects.form.editTitle')
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

function initialRows(state: FormState, project: PersonalProject | null): Row[] {
  const fromPost = budgetRows(state.values)
  if (fromPost.length) {
    return fromPost.map((row, i) => ({ key: i, id: Number(state.values[budgetIdField(row)]) || undefined, sum: state.values[budgetField(row)] ?? '' }))
  }
  if (project?.budgets.length) return project.budgets.map((b, i) => ({ key: i, id: b.id, sum: String(b.sum) }))
  return [{ key: 0, sum: '' }]
}

function fileOf(data: FormData, name: string): File | undefined {
  const value = data.get(name)
  return value instanceof File && value.size > 0 ? value : undefined
}

function ProjectForm({ project, readOnly, keys }: { project: PersonalProject | null; readOnly: boolean; keys: { categories: string; sectors: string; regions: string } }) {
  const t = useT()
  const locale = useLocale()
  const { navigate } = useRouter()
  const { mutate } = useSWRConfig()
  const gateway = useGateway({ quiet: true })
  const categories = useLivePayload<Category[]>(keys.categories)
  const sectors = useLivePayload<Sector[]>(keys.sectors)
  const regions = useLivePayload<Region[]>(keys.regions)
  const page = usePageForm()
  const { state, setState } = page
  const [pending, setPending] = useState(false)
  const [tab, setTab] = useState<ProjectLang>(locale)
  const [rows, setRows] = useState<Row[]>(() => initialRows(state, project))
  const [deleted, setDeleted] = useState<number[]>([])
  const [uploads, setUploads] = useState<Record<string, Upload>>({})
  const nextKey = useRef(rows.length)

  const value = (name: string, fallback: string | number | null | undefined) => state.values[name] ?? (fallback === null || fallback === undefined ? '' : String(fallback))
  const langLabel = (lang: ProjectLang) => LOCALE_NAMES[lang]
  const labels: Record<string, string> = {}
  for (const lang of PROJECT_LANGS) {
    labels[titleField(lang)] = `${t('projects.form.titleField')} (${langLabel(lang)})`
    labels[contentField(lang)] = `${t('projects.form.content')} (${langLabel(lang)})`
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
  rows.forEach((_, i) => {
    labels[budgetField(i)] = t('projects.form.year', { n: i + 1 })
  })
  Object.assign(labels, { phone: t('projects.form.phone'), email: t('projects.form.email'), image: t('projects.form.image') })
  for (const lang of PROJECT_LANGS) labels[presentationField(lang)] = t('projects.form.presentation', { lang: langLabel(lang) })

  const langHasErrors = (lang: ProjectLang) => !!(state.errors[titleField(lang)] || state.errors[contentField(lang)])

  const showErrors = (values: Record<string, string>, errors: Record<string, string>, code: string | null) => {
    setState({ values, errors, code })
    const withErrors = PROJECT_LANGS.find((l) => errors[titleField(l)] || errors[contentField(l)])
    if (withErrors) setTab(withErrors)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending || readOnly) return
    const data = new FormData(event.currentTarget)
    const fields = readFields(data)
    const files: Record<string, File | undefined> = { image: fileOf(data, 'image') }
    for (const lang of PROJECT_LANGS) files[presentationField(lang)] = fileOf(data, presentationField(lang))
    const { body, errors } = readProjectForm(fields)
    Object.assign(errors, checkProjectFiles(files))
    if (Object.keys(errors).length) {
      showErrors(fields, errors, null)
      return
    }
    setPending(true)
    setUploads({})
    try {
      let id: number
      try {
        const envelope = project
          ? await gateway.request<PersonalProject>('PUT', '/siw/personal/project', { query: { id: project.id }, body })
          : await gateway.request<PersonalProject>('POST', '/siw/personal/project', { body })
        id = envelope.content.id
      } catch (err) {
        const fieldErrors: Record<string, string> = {}
        if (err instanceof GatewayError && err.code === 'validation_error') {
          for (const path of err.envelope?.errors ?? []) fieldErrors[projectErrorField(path)] = 'forms.errors.invalid'
        }
        showErrors(fields, fieldErrors, err instanceof GatewayError ? err.code : 'internal_error')
        return
      }
      const jobs: [string, string, FormData][] = []
      if (files.image) {
        const fd = new FormData()
        fd.set('project_id', String(id))
        fd.set('file', files.image)
        jobs.push(['image', '/document/project/upload', fd])
      }
      for (const lang of PROJECT_LANGS) {
        const file = files[presentationField(lang)]
        if (!file) continue
        const fd = new FormData()
        fd.set('project_id', String(id))
        fd.set(presentationField(lang), file)
        jobs.push([presentationField(lang), '/document/project/presentation', fd])
      }
      let failed: string | null = null
      for (const [name, path, fd] of jobs) {
        const file = files[name]!
        const track = (percent: number, done = false) => setUploads((u) => ({ ...u, [name]: { name: file.name, percent, done } }))
        track(0)
        try {
          await uploadWithProgress(path, fd, { locale, onProgress: (p) => track(p) })
          track(100, true)
        } catch (err) {
          failed = err instanceof GatewayError ? err.code : 'internal_error'
          break
        }
      }
      void mutate(accountKeys.projects())
      void mutate(accountKeys.project(id))
      if (failed) {
        showToast('warning', t('notices.projectFilesFailed'))
      } else {
        showToast('success', t('notices.projectSaved'))
      }
      await navigate(href('profile-my-projects', { locale }))
    } finally {
      setPending(false)
    }
  }

  if (categories.error || sectors.error || regions.error) return <ErrorState error={categories.error ?? sectors.error ?? regions.error} />

  const removeRow = (row: Row) => {
    if (row.id) setDeleted((d) => [...d, row.id!])
    setRows((r) => r.filter((x) => x.key !== row.key))
  }
  const addRow = () => {
    setRows((r) => (r.length >= MAX_BUDGET_ROWS ? r : [...r, { key: nextKey.current++, sum: '' }]))
  }

  const languageTabs = PROJECT_LANGS.map((lang) => ({
    id: lang,
    label: (
      <>
        {langLabel(lang)}
        {langHasErrors(lang) ? <span className="tabs__error"> ({t('projects.form.languageHasErrors')})</span> : null}
      </>
    ),
    content: (
      <div className="form__group">
        <TextField
          name={titleField(lang)}
          label={labels[titleField(lang)]}
          hint={t('projects.form.titleHint')}
          maxLength={255}
          lang={lang}
          defaultValue={value(titleField(lang), project?.title[lang])}
          error={state.errors[titleField(lang)]}
        />
        <TextAreaField
          name={contentField(lang)}
          label={labels[contentField(lang)]}
          hint={t('projects.form.contentHint')}
          rows={8}
          lang={lang}
          defaultValue={value(contentField(lang), project ? htmlToText(project.content[lang] ?? '') : '')}
          error={state.errors[contentField(lang)]}
        />
      </div>
    ),
  }))

  return (
    <>
      <FormProblems state={state} labels={labels} />
      <form method="post" action={page.action} encType="multipart/form-data" onSubmit={(e) => void onSubmit(e)} noValidate className="form project-form">
        <fieldset disabled={readOnly} className="form__fieldset">
          <fieldset className="form__section">
            <legend>{t('projects.form.languages')}</legend>
            <Tabs items={languageTabs} label={t('projects.form.languages')} selectedId={tab} onChange={(id) => setTab(id as ProjectLang)} />
          </fieldset>
          <div className="form__grid">
            <SelectField
              name="category_id"
              label={labels.category_id}
              required
              placeholder={t('services.choose')}
              options={(categories.data?.content ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
              defaultValue={value('category_id', project?.category_id)}
              error={state.errors.category_id}
            />
            <SelectField
              name="sector_id"
              label={labels.sector_id}
              required
              placeholder={t('services.choose')}
              options={(sectors.data?.content ?? []).map((s) => ({ value: String(s.id), label: s.content }))}
              defaultValue={value('sector_id', project?.sector_id)}
              error={state.errors.sector_id}
            />
            <SelectField
              name="region_id"
              label={labels.region_id}
              required
              placeholder={t('services.choose')}
              options={(regions.data?.content ?? []).map((r) => ({ value: String(r.id), label: r.region }))}
              defaultValue={value('region_id', project?.region_id)}
              error={state.errors.region_id}
            />
            <TextField
              name="budget"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              label={labels.budget}
              required
              width="medium"
              defaultValue={value('budget', project?.budget)}
              error={state.errors.budget}
            />
            <SelectField
              name="status"
              label={labels.status}
              options={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.form.statusValues.${s}`) }))}
              defaultValue={value('status', project?.status ?? 'open_for_investment')}
              error={state.errors.status}
            />
          </div>
          <fieldset className="form__section">
            <legend>{t('projects.form.location')}</legend>
            <p className="field__hint">{t('projects.form.locationHint')}</p>
            <div className="form__grid">
              <TextField name="latitude" type="number" step="any" min={-90} max={90} inputMode="decimal" width="medium" label={labels.latitude} defaultValue={value('latitude', project?.latitude)} error={state.errors.latitude} />
              <TextField name="longitude" type="number" step="any" min={-180} max={180} inputMode="decimal" width="medium" label={labels.longitude} defaultValue={value('longitude', project?.longitude)} error={state.errors.longitude} />
            </div>
          </fieldset>
          <fieldset className="form__section">
            <legend>{t('projects.form.cashFlow')}</legend>
            <p className="field__hint">{t('projects.form.cashFlowHint')}</p>
            <input type="hidden" name="deleted_budgets" value={deleted.join(',')} />
            <ol className="cash-flow">
              {rows.map((row, i) => (
                <li key={row.key} className="cash-flow__row">
                  {row.id ? <input type="hidden" name={budgetIdField(i)} value={row.id} /> : null}
                  <TextField
                    name={budgetField(i)}
                    type="number"
                    min={0}
                    step="any"
                    inputMode="decimal"
                    width="medium"
                    label={labels[budgetField(i)]}
                    defaultValue={row.sum}
                    error={state.errors[budgetField(i)]}
                  />
                  {rows.length > 1 ? (
                    <Button variant="ghost" size="sm" iconName="minus" label={t('projects.form.removeYear', { n: i + 1 })} onClick={() => removeRow(row)} />
                  ) : null}
                </li>
              ))}
            </ol>
            {rows.length < MAX_BUDGET_ROWS ? <Button variant="outline" size="sm" iconName="plus" label={t('projects.form.addYear')} onClick={addRow} /> : null}
          </fieldset>
          <fieldset className="form__section">
            <legend>{t('projects.form.contacts')}</legend>
            <div className="form__grid">
              <TextField name="phone" type="tel" autoComplete="tel" inputMode="tel" label={labels.phone} hint={t('projects.form.phoneHint')} defaultValue={value('phone', project?.phone)} error={state.errors.phone} />
              <TextField name="email" type="email" autoComplete="email" label={labels.email} defaultValue={value('email', project?.email)} error={state.errors.email} />
            </div>
          </fieldset>
          <fieldset className="form__section">
            <legend>{t('projects.form.files')}</legend>
            <FileInput name="image" label={labels.image!} hint={t('projects.form.imageHint')} accept={IMAGE_ACCEPT} current={project?.upload} error={state.errors.image} upload={uploads.image} />
            {PROJECT_LANGS.map((lang) => (
              <FileInput
                key={lang}
                name={presentationField(lang)}
                label={labels[presentationField(lang)]!}
                hint={t('projects.form.presentationHint')}
                accept={PRESENTATION_ACCEPT}
                current={project?.presentation?.[lang]}
                error={state.errors[presentationField(lang)]}
                upload={uploads[presentationField(lang)]}
              />
            ))}
          </fieldset>
          {!readOnly ? (
            <div className="form__actions">
              <Button type="submit" label={t('projects.form.save')} loading={pending} loadingLabel={t('projects.form.saving')} />
            </div>
          ) : null}
        </fieldset>
      </form>
    </>
  )
}

type FileInputProps = {
  name: string
  label: string
  hint: string
  accept: string
  current?: { original_name?: string; file_name?: string; download_link?: string } | null
  error?: string
  upload?: Upload
}

/** A file field with its current file and the upload's progress (announced as it finishes). */
function FileInput({ name, label, hint, accept, current, error, upload }: FileInputProps) {
  const t = useT()
  const id = fieldId(name)
  const currentName = current?.original_name || current?.file_name
  return (
    <div className="file-input">
      <TextField name={name} type="file" accept={accept} label={label} hint={hint} error={error} />
      {currentName ? (
        <p className="file-input__current">
          {current?.download_link ? <a href={current.download_link}>{t('projects.form.currentFile', { name: currentName })}</a> : t('projects.form.currentFile', { name: currentName })}
        </p>
      ) : null}
      {upload ? (
        <div className="file-input__progress">
          <progress id={`${id}-progress`} max={100} value={upload.percent} aria-label={t('projects.form.uploading', { name: upload.name, percent: upload.percent })} />
          <span role="status">{upload.done ? t('projects.form.uploaded', { name: upload.name }) : t('projects.form.uploading', { name: upload.name, percent: upload.percent })}</span>
        </div>
      ) : null}
    </div>
  )
}
