/**
 * The moderators' queues (docs/gateway-contract.md#operator): appeals (answer, reject), projects and registrations
 * (approve, reject), each a list by state and a record with its decisions, and the files a record links to. Each is a
 * sub-app mounted under its prefix behind the role rule of its screen (sections/areas.ts).
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
  AppealDecisionSchema,
  AppealDetailSchema,
  AppealListSchema,
  ProjectDecisionSchema,
  ProjectDetailSchema,
  ProjectListSchema,
  RegistrationDecisionSchema,
  RegistrationDetailSchema,
  RegistrationListSchema,
} from '../../../../contract/operators/moderation'
import { APPEAL_STATUSES, DECISION_STATES } from '../../../../contract/operators/values'
import { gatewayFor } from '../../api'
import type { ConsoleEnv } from '../../context'
import { translator } from '../../i18n'
import { paths } from '../../paths'
import { renderRefusal } from '../../refusal'
import { type Ctx, decide, idOf, listScreen, pick, renderFailure, renderScreen, trimmed } from '../../screen'
import { type FormState, NO_FORM_STATE } from '../../ui'
import { AppealList, AppealRecord, ProjectList, ProjectRecord, RegistrationList, RegistrationRecord } from './views'

const ReplyForm = v.object({ reply: trimmed(5000) })
const ReasonForm = v.object({ reason: trimmed(2000) })

/** A record's path pattern: its id, digits only. */
const RECORD = '/:id{[0-9]{1,10}}'

// Appeals

async function showAppeal(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/appeals/${idOf(c)}`, AppealDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const appeal = answer.content
  return renderScreen(c, {
    status,
    screen: 'appeals',
    title: t('appeals.title', { id: appeal.id }),
    body: <AppealRecord t={t} lang={lang} appeal={appeal} state={state} />,
  })
}

export const appeals = new Hono<ConsoleEnv>()

appeals.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    screen: 'appeals',
    title: t('sections.appeals'),
    call: '/core/operator/appeals',
    schema: AppealListSchema,
    query: { status: pick(c.req.query('status'), APPEAL_STATUSES) },
    draw: (list, pageable) => <AppealList t={t} lang={lang} list={list} pageable={pageable} />,
  })
})

appeals.get(RECORD, (c) => showAppeal(c, 200, NO_FORM_STATE))

appeals.post(`${RECORD}/reply`, (c) =>
  decide(c, {
    form: 'reply',
    schema: ReplyForm,
    ids: { reply: 'reply' },
    call: `/core/operator/appeals/${idOf(c)}/reply`,
    answer: AppealDecisionSchema,
    show: showAppeal,
    done: paths.appeal(c.get('lang'), idOf(c)),
    notice: 'replied',
  }),
)

appeals.post(`${RECORD}/reject`, (c) =>
  decide(c, {
    form: 'reject',
    schema: ReasonForm,
    ids: { reason: 'reject-reason' },
    call: `/core/operator/appeals/${idOf(c)}/reject`,
    answer: AppealDecisionSchema,
    show: showAppeal,
    done: paths.appeal(c.get('lang'), idOf(c)),
    notice: 'appealRejected',
  }),
)

// Projects

async function showProject(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/projects/${idOf(c)}`, ProjectDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const project = answer.content
  const title = project.title[lang] || project.title.en || project.title.ru || project.title.uz
  return renderScreen(c, {
    status,
    screen: 'projects',
    title: title || t('projects.untitled', { id: project.id }),
    body: <ProjectRecord t={t} lang={lang} project={project} state={state} />,
  })
}

export const projects = new Hono<ConsoleEnv>()

projects.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    screen: 'projects',
    title: t('sections.projects'),
    call: '/core/operator/projects',
    schema: ProjectListSchema,
    query: { state: pick(c.req.query('state'), DECISION_STATES) },
    draw: (list, pageable) => <ProjectList t={t} lang={lang} list={list} pageable={pageable} />,
  })
})

projects.get(RECORD, (c) => showProject(c, 200, NO_FORM_STATE))

projects.post(`${RECORD}/approve`, (c) =>
  decide(c, {
    form: 'approve',
    call: `/core/operator/projects/${idOf(c)}/approve`,
    answer: ProjectDecisionSchema,
    show: showProject,
    done: paths.project(c.get('lang'), idOf(c)),
    notice: 'projectApproved',
  }),
)

projects.post(`${RECORD}/reject`, (c) =>
  decide(c, {
    form: 'reject',
    schema: ReasonForm,
    ids: { reason: 'reject-reason' },
    call: `/core/operator/projects/${idOf(c)}/reject`,
    answer: ProjectDecisionSchema,
    show: showProject,
    done: paths.project(c.get('lang'), idOf(c)),
    notice: 'projectRejected',
  }),
)

// Registrations

async function showRegistration(c: Ctx, status: ContentfulStatusCode, state: FormState): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const answer = await gatewayFor(c).get(`/core/operator/registrations/${idOf(c)}`, RegistrationDetailSchema)
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(c, {
    status,
    screen: 'registrations',
    title: t('registrations.title', { id: answer.content.id }),
    body: <RegistrationRecord t={t} lang={lang} registration={answer.content} state={state} />,
  })
}

export const registrations = new Hono<ConsoleEnv>()

registrations.get('/', (c) => {
  const lang = c.get('lang')
  const t = translator(lang)
  return listScreen(c, {
    screen: 'registrations',
    title: t('sections.registrations'),
    call: '/core/operator/registrations',
    schema: RegistrationListSchema,
    query: { state: pick(c.req.query('state'), DECISION_STATES) },
    draw: (list, pageable) => <RegistrationList t={t} lang={lang} list={list} pageable={pageable} />,
  })
})

registrations.get(RECORD, (c) => showRegistration(c, 200, NO_FORM_STATE))

registrations.post(`${RECORD}/approve`, (c) =>
  decide(c, {
    form: 'approve',
    call: `/core/operator/registrations/${idOf(c)}/approve`,
    answer: RegistrationDecisionSchema,
    show: showRegistration,
    done: paths.registration(c.get('lang'), idOf(c)),
    notice: 'registrationApproved',
  }),
)

registrations.post(`${RECORD}/reject`, (c) =>
  decide(c, {
    form: 'reject',
    schema: ReasonForm,
    ids: { reason: 'reject-reason' },
    call: `/core/operator/registrations/${idOf(c)}/reject`,
    answer: RegistrationDecisionSchema,
    show: showRegistration,
    done: paths.registration(c.get('lang'), idOf(c)),
    notice: 'registrationRejected',
  }),
)

// Files

/**
 * An uploaded file (a project's image or presentation, an event application's passport scan or photo), through the
 * gateway with its sandbox headers; never a public URL (docs/security.md).
 */
export const files = new Hono<ConsoleEnv>()

files.get('/:file{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const res = await gatewayFor(c).download(`/core/operator/files/${c.req.param('file')}`)
  if (!res?.ok)
    return renderRefusal(c, res?.status === 404 ? 404 : 502, res?.status === 404 ? 'not_found' : 'unavailable')
  const headers = new Headers()
  for (const name of ['content-type', 'content-length', 'content-disposition', 'content-security-policy'])
    if (res.headers.has(name)) headers.set(name, res.headers.get(name)!)
  headers.set('x-content-type-options', 'nosniff')
  headers.set('cache-control', 'private, no-store')
  return new Response(res.body, { status: 200, headers })
})
