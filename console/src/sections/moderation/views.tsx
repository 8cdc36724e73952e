/** The moderators' queues: appeals, projects and registrations, each a list and a record with its decisions. */
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { Pageable } from '../../../../contract/operators/envelope'
import type {
  AppealDetail,
  AppealList as AppealListAnswer,
  ProjectDetail,
  ProjectFile,
  ProjectList as ProjectListAnswer,
  RegistrationDetail,
  RegistrationList as RegistrationListAnswer,
} from '../../../../contract/operators/moderation'
import { APPEAL_STATUSES, DECISION_STATES, type DecisionState } from '../../../../contract/operators/values'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import {
  Badge,
  type Column,
  ErrorSummary,
  Facts,
  type FormState,
  formatNumber,
  ListView,
  Tabs,
  TextArea,
  Time,
} from '../../ui'

type Common = { t: Translate; lang: Locale }

const fieldError = (state: FormState, form: string, id: string) =>
  state.form === form ? state.problem?.fields.find((f) => f.id === id)?.message : undefined

// Appeals

export function AppealList({
  t,
  lang,
  list,
  pageable,
}: Common & { list: AppealListAnswer; pageable: Pageable | null }) {
  const { status } = list
  return (
    <ListView
      t={t}
      head={
        <Tabs
          label={t('appeals.statuses')}
          tabs={APPEAL_STATUSES.map((s) => ({
            label: t(`appeals.status.${s}`),
            href: paths.appeals(lang, { status: s }),
            count: list.counts[s],
            current: s === status,
          }))}
        />
      }
      caption={t('appeals.caption', { status: t(`appeals.status.${status}`) })}
      columns={[
        {
          label: t('appeals.number'),
          cell: (a) => <a href={paths.appeal(lang, a.id)}>{t('appeals.numbered', { id: a.id })}</a>,
        },
        { label: t('appeals.received'), cell: (a) => <Time iso={a.created_at} /> },
        {
          label: t('appeals.applicant'),
          cell: (a) => (
            <>
              {a.applicant.name}
              <br />
              {a.applicant.email}
            </>
          ),
        },
        { label: t('appeals.topic'), cell: (a) => a.topic },
        { label: t('appeals.text'), cell: (a) => a.excerpt },
        { label: t('appeals.replies'), cell: (a) => a.responses },
      ]}
      items={list.items}
      rowKey={(a) => a.id}
      pageable={pageable}
      href={(page) => paths.appeals(lang, { status, page })}
    />
  )
}

export function AppealRecord({ t, lang, appeal, state }: Common & { appeal: AppealDetail; state: FormState }) {
  const open = appeal.status === 'in_moderation' || appeal.status === 'reviewed'
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <div className="console-panel">
        <Facts
          items={[
            [
              t('appeals.state'),
              <Badge key="v1" state={appeal.status}>
                {t(`appeals.status.${appeal.status}`)}
              </Badge>,
            ],
            [t('appeals.applicant'), `${appeal.applicant.name} <${appeal.applicant.email}>`],
            [t('appeals.account'), t(appeal.applicant.signed_in ? 'appeals.signedIn' : 'appeals.anonymous')],
            [t('appeals.topic'), `${appeal.topic} — ${appeal.type}`],
            [t('appeals.region'), appeal.region],
            [t('appeals.received'), <Time key="v2" iso={appeal.created_at} />],
            [t('appeals.rejectReason'), appeal.reject_reason],
            [t('appeals.resolveReason'), appeal.resolve_reason],
          ]}
        />
      </div>
      <h2>{t('appeals.text')}</h2>
      <p className="console-text">{appeal.text}</p>
      <h2>{t('appeals.thread')}</h2>
      {appeal.responses.length === 0 ? (
        <p>{t('appeals.noReplies')}</p>
      ) : (
        <ol className="console-thread">
          {appeal.responses.map((r) => (
            <li key={r.id} className={r.owner ? undefined : 'console-thread__agency'}>
              <strong>{r.owner ? t('appeals.fromApplicant') : (r.admin ?? t('appeals.fromAgency'))}</strong>
              {' · '}
              <Time iso={r.created} />
              <p>{r.response}</p>
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <div className="console-actions">
          <form className="form" method="post" action={paths.appealAction(lang, appeal.id, 'reply')}>
            <h2>{t(appeal.status === 'in_moderation' ? 'appeals.answerTitle' : 'appeals.commentTitle')}</h2>
            <TextArea
              id="reply"
              name="reply"
              label={t('appeals.replyLabel')}
              hint={t(appeal.status === 'in_moderation' ? 'appeals.answerHint' : 'appeals.commentHint')}
              maxLength={5000}
              required
              value={state.form === 'reply' ? state.values.reply : undefined}
              error={fieldError(state, 'reply', 'reply')}
            />
            <div className="form__actions">
              <button className="btn btn--solid btn--primary" type="submit">
                {t(appeal.status === 'in_moderation' ? 'appeals.answer' : 'appeals.comment')}
              </button>
            </div>
          </form>
          {appeal.status === 'in_moderation' ? (
            <form className="form" method="post" action={paths.appealAction(lang, appeal.id, 'reject')}>
              <h2>{t('appeals.rejectTitle')}</h2>
              <TextArea
                id="reject-reason"
                name="reason"
                label={t('form.reason')}
                hint={t('appeals.rejectHint')}
                maxLength={2000}
                required
                value={state.form === 'reject' ? state.values.reason : undefined}
                error={fieldError(state, 'reject', 'reject-reason')}
              />
              <div className="form__actions">
                <button className="btn btn--outline btn--danger" type="submit">
                  {t('appeals.reject')}
                </button>
              </div>
            </form>
          ) : null}
        </div>
      ) : (
        <p>{t('appeals.closed')}</p>
      )}
    </>
  )
}

// Projects and registrations share their queue's shape: pending, approved, rejected.

function DecisionTabs({
  t,
  counts,
  state,
  href,
}: {
  t: Translate
  counts: Record<DecisionState, number>
  state: DecisionState
  href: (state: DecisionState) => string
}) {
  return (
    <Tabs
      label={t('decisions.states')}
      tabs={DECISION_STATES.map((s) => ({
        label: t(`decisions.state.${s}`),
        href: href(s),
        count: counts[s],
        current: s === state,
      }))}
    />
  )
}

/** Approve, and reject with a reason: the two forms of a pending project or registration. */
function DecisionForms({
  t,
  approve,
  reject,
  state,
  approveLabel,
  approveHint,
}: {
  t: Translate
  approve: string
  reject: string
  state: FormState
  approveLabel: string
  approveHint: string
}) {
  return (
    <div className="console-actions">
      <form className="form" method="post" action={approve}>
        <h2>{t('decisions.approveTitle')}</h2>
        <p>{approveHint}</p>
        <div className="form__actions">
          <button className="btn btn--solid btn--primary" type="submit">
            {approveLabel}
          </button>
        </div>
      </form>
      <form className="form" method="post" action={reject}>
        <h2>{t('decisions.rejectTitle')}</h2>
        <TextArea
          id="reject-reason"
          name="reason"
          label={t('form.reason')}
          hint={t('decisions.reasonHint')}
          maxLength={2000}
          required
          value={state.form === 'reject' ? state.values.reason : undefined}
          error={fieldError(state, 'reject', 'reject-reason')}
        />
        <div className="form__actions">
          <button className="btn btn--outline btn--danger" type="submit">
            {t('decisions.reject')}
          </button>
        </div>
      </form>
    </div>
  )
}

export function ProjectList({
  t,
  lang,
  list,
  pageable,
}: Common & { list: ProjectListAnswer; pageable: Pageable | null }) {
  const { state } = list
  return (
    <ListView
      t={t}
      head={<DecisionTabs t={t} counts={list.counts} state={state} href={(s) => paths.projects(lang, { state: s })} />}
      caption={t('projects.caption', { state: t(`decisions.state.${state}`) })}
      columns={[
        {
          label: t('projects.title'),
          cell: (p) => <a href={paths.project(lang, p.id)}>{p.title || t('projects.untitled', { id: p.id })}</a>,
        },
        {
          label: t('projects.owner'),
          cell: (p) => (
            <>
              {p.owner.company || p.owner.name}
              <br />
              {p.owner.email}
            </>
          ),
        },
        { label: t('projects.budget'), cell: (p) => formatNumber(lang, p.budget) },
        { label: t('projects.updated'), cell: (p) => <Time iso={p.updated_at} /> },
      ]}
      items={list.items}
      rowKey={(p) => p.id}
      pageable={pageable}
      href={(page) => paths.projects(lang, { state, page })}
    />
  )
}

export function ProjectRecord({ t, lang, project, state }: Common & { project: ProjectDetail; state: FormState }) {
  const file = (f: ProjectFile | null) =>
    f ? (
      <a href={paths.file(lang, f.id)}>
        {f.original_name} ({formatNumber(lang, Math.ceil(f.size / 1024))} KB)
      </a>
    ) : null
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <div className="console-panel">
        <Facts
          items={[
            [
              t('projects.state'),
              <Badge key="v3" state={project.state}>
                {t(`decisions.state.${project.state}`)}
              </Badge>,
            ],
            [t('projects.rejectReason'), project.reject_reason],
            [t('projects.owner'), `${project.owner.name} <${project.owner.email}>`],
            [t('projects.company'), project.owner.company],
            [t('projects.category'), project.category],
            [t('projects.sector'), project.sector],
            [t('projects.region'), project.region],
            [t('projects.budget'), `${formatNumber(lang, project.budget)} USD`],
            [t('projects.status'), t(`projects.statuses.${project.status}`)],
            [t('projects.contact'), [project.contact.phone, project.contact.email].filter(Boolean).join(', ')],
            [t('projects.image'), file(project.image)],
            ...LOCALES.map((l): [string, ReturnType<typeof file>] => [
              t('projects.presentation', { lang: l.toUpperCase() }),
              file(project.presentations[l]),
            ]),
            [t('projects.updated'), <Time key="v4" iso={project.updated_at} />],
          ]}
        />
      </div>
      {LOCALES.filter((l) => project.title[l] || project.content[l]).map((l) => (
        <section key={l} lang={l} aria-labelledby={`project-${l}`}>
          <h2 id={`project-${l}`}>{project.title[l] || t('projects.untitled', { id: project.id })}</h2>
          <p className="console-text">{project.content[l]}</p>
        </section>
      ))}
      {project.state === 'pending' ? (
        <DecisionForms
          t={t}
          state={state}
          approve={paths.projectAction(lang, project.id, 'approve')}
          reject={paths.projectAction(lang, project.id, 'reject')}
          approveLabel={t('projects.approve')}
          approveHint={t('projects.approveHint')}
        />
      ) : null}
    </>
  )
}

export function RegistrationList({
  t,
  lang,
  list,
  pageable,
}: Common & { list: RegistrationListAnswer; pageable: Pageable | null }) {
  const { state } = list
  const columns: Column<RegistrationListAnswer['items'][number]>[] = [
    {
      label: t('registrations.number'),
      cell: (r) => <a href={paths.registration(lang, r.id)}>{t('registrations.numbered', { id: r.id })}</a>,
    },
    {
      label: t('registrations.applicant'),
      cell: (r) => (
        <>
          {r.name} {r.surname}, {r.company_name}
          <br />
          {r.email}
        </>
      ),
    },
    {
      label: t('registrations.kind'),
      cell: (r) => (
        <>
          {t(`registrations.kinds.${r.kind}`)},{' '}
          {t(r.is_resident ? 'registrations.resident' : 'registrations.nonResident')}
        </>
      ),
    },
    { label: t('registrations.received'), cell: (r) => <Time iso={r.created_at} /> },
  ]
  if (state === 'rejected') columns.push({ label: t('form.reason'), cell: (r) => r.reason })
  return (
    <ListView
      t={t}
      head={
        <DecisionTabs t={t} counts={list.counts} state={state} href={(s) => paths.registrations(lang, { state: s })} />
      }
      caption={t('registrations.caption', { state: t(`decisions.state.${state}`) })}
      columns={columns}
      items={list.items}
      rowKey={(r) => r.id}
      pageable={pageable}
      href={(page) => paths.registrations(lang, { state, page })}
    />
  )
}

/** The application's fields in the order the forms ask for them; others follow as they come. */
const APPLICATION_FIELDS = [
  'name',
  'surname',
  'company_name',
  'position',
  'tin',
  'pin',
  'legal_address',
  'country',
  'phone',
  'website',
  'source',
  'source_variant',
  'comments',
  'lang',
]

export function RegistrationRecord({
  t,
  lang,
  registration,
  state,
}: Common & { registration: RegistrationDetail; state: FormState }) {
  const a = registration.application
  const value = (key: string) => (a[key] === null || a[key] === undefined ? '' : String(a[key]))
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <div className="console-panel">
        <Facts
          items={[
            [
              t('registrations.state'),
              <Badge key="state" state={registration.state}>
                {t(`decisions.state.${registration.state}`)}
              </Badge>,
            ],
            [t('form.reason'), registration.reason],
            [t('registrations.kind'), t(`registrations.kinds.${registration.kind}`)],
            [t('registrations.residency'), t(a.is_resident ? 'registrations.resident' : 'registrations.nonResident')],
            [t('registrations.email'), registration.email],
            ...APPLICATION_FIELDS.map((key): [string, string] => [t(`registrations.fields.${key}`), value(key)]),
            [t('registrations.received'), <Time key="v5" iso={registration.created_at} />],
            [t('registrations.decided'), <Time key="v6" iso={registration.decided_at} />],
          ]}
        />
      </div>
      {registration.state === 'pending' ? (
        <DecisionForms
          t={t}
          state={state}
          approve={paths.registrationAction(lang, registration.id, 'approve')}
          reject={paths.registrationAction(lang, registration.id, 'reject')}
          approveLabel={t('registrations.approve')}
          approveHint={t(a.is_resident ? 'registrations.approveResident' : 'registrations.approveNonResident')}
        />
      ) : null}
    </>
  )
}
