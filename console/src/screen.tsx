/**
 * What every section's routes share (docs/decisions/0034-console-by-section.md): a screen drawn in the console's frame
 * with the notice a redirect asked for, a failed call as a page, the one list screen, reading a request, checking a
 * form, and the one decision handler (a form posted from a record's page, answered with a 303 or the page again with
 * its errors).
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement } from 'react'
import * as v from 'valibot'
import type { Pageable } from '../../contract/operators/envelope'
import { type ModerationCounts, OverviewSchema } from '../../contract/operators/moderation'
import type { Translate } from '../../shared/i18n/i18n'
import { type Answer, type Failure, gatewayFor } from './api'
import type { ConsoleEnv } from './context'
import { translateCode, translator } from './i18n'
import { renderRefusal } from './refusal'
import { renderPage } from './render'
import type { ConsoleScriptName } from './scripts'
import { reachesArea, type Screen } from './sections/areas'
import { type FormProblem, type FormState, Layout } from './ui'

export type Ctx = Context<ConsoleEnv>

// Notices

/** The confirmations a redirect after a form may ask the next page to show (`?done=`). */
const NOTICES = [
  'replied',
  'appealRejected',
  'projectApproved',
  'projectRejected',
  'registrationApproved',
  'registrationRejected',
  'handled',
  'reopened',
  'operatorAdded',
  'roleChanged',
  'operatorRemoved',
  'created',
  'saved',
  'published',
  'scheduled',
  'unpublished',
  'settingsSaved',
  'mailResent',
  'mailResentLink',
  // Named by their full key: their texts are the bin's.
  'bin.deleted',
  'bin.restored',
  // The inbox's answers and decisions, whose texts live in their sections' namespaces.
  'applicants.confirmed',
  'applicants.declined',
] as const
export type Notice = (typeof NOTICES)[number]

/** `path` with the notice its page shows once. */
const withNotice = (path: string, notice: Notice) => `${path}${path.includes('?') ? '&' : '?'}done=${notice}`

/** The answer to a form that did what it asked: the page at `path`, with its notice (303). */
export const redirectWith = (c: Ctx, path: string, notice: Notice) => c.redirect(withNotice(path, notice), 303)

// Screens

/** What waits in the moderation areas, for an operator whose role reaches them. */
export function readCounts(c: Ctx): Promise<Answer<ModerationCounts | null>> | null {
  return reachesArea(c.get('operator'), 'moderation')
    ? gatewayFor(c).get('/core/operator/overview', OverviewSchema)
    : null
}

/** A screen: its body in the console's frame, under `title`, marked as `screen` in the navigation. */
export type ScreenPage = {
  status?: ContentfulStatusCode
  screen: Screen
  title: string
  body: ReactElement
  /** What waits, beside the navigation's links: read when not given; null shows none (and costs no call). */
  counts?: Answer<ModerationCounts | null> | null
  /** The page's one inline script, if it has one (render.tsx). */
  script?: string
  /** The console's script files the page runs (render.tsx). */
  scripts?: readonly ConsoleScriptName[]
}

/** Renders a screen, with the counts beside the navigation and the notice a redirect asked for. */
export async function renderScreen(c: Ctx, page: ScreenPage): Promise<Response> {
  const lang = c.get('lang')
  const t = translator(lang)
  const counts = page.counts === undefined ? await readCounts(c) : page.counts
  const done = c.req.query('done')
  const notice =
    done && (NOTICES as readonly string[]).includes(done) ? t(done.includes('.') ? done : `notices.${done}`) : null
  return renderPage(c, page.status ?? 200, {
    script: page.script,
    scripts: page.scripts,
    title: `${page.title} · ${t('app.name')}`,
    body: (
      <Layout
        t={t}
        lang={lang}
        path={c.req.path}
        operator={c.get('operator')}
        screen={page.screen}
        title={page.title}
        counts={counts?.ok ? counts.content : null}
        notice={notice}
      >
        {page.body}
      </Layout>
    ),
  })
}

/** A failed gateway call as a page: 404 for a record that is not there, the error page otherwise. */
export function renderFailure(c: Ctx, answer: Failure): Promise<Response> {
  if (answer.status === 404) return renderRefusal(c, 404, 'not_found')
  if (answer.status === 403) return renderRefusal(c, 403, 'role')
  if (answer.status === 422) return renderRefusal(c, 400, 'bad_request')
  return renderRefusal(c, 502, 'unavailable')
}

/**
 * The one list screen: the gateway's list at `call` (the request's page of it), drawn by `draw` as a screen; a failed
 * call is its page.
 */
export async function listScreen<S extends v.GenericSchema>(
  c: Ctx,
  list: Omit<ScreenPage, 'body'> & {
    call: string
    schema: S
    query?: Record<string, string | number | undefined>
    draw: (content: v.InferOutput<S>, pageable: Pageable | null) => ReactElement
  },
): Promise<Response> {
  const answer = await gatewayFor(c).get(list.call, list.schema, { ...list.query, page: pageOf(c) })
  if (!answer.ok) return renderFailure(c, answer)
  return renderScreen(c, { ...list, body: list.draw(answer.content, answer.pageable) })
}

// Reading a request

/** The record the path names (its `:id`, digits only by the route's pattern). */
export const idOf = (c: Ctx) => Number(c.req.param('id'))

/** The list page asked for (`?page=`, 0-based), 0 when it is none. */
export const pageOf = (c: Ctx) => {
  const page = Number(c.req.query('page') ?? 0)
  return Number.isInteger(page) && page >= 0 && page < 100_000 ? page : 0
}

/** `value` when it is one of `allowed`, else the first of them (a list's default tab). */
export const pick = <T extends string>(value: string | undefined, allowed: readonly T[]): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : allowed[0]!

/** The form's fields as strings (files are ignored: no form of these takes one). */
export async function readFields(c: Ctx): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}))
  return Object.fromEntries(
    Object.entries(body).flatMap(([k, val]) => (typeof val === 'string' ? [[k, val]] : [])),
  ) as Record<string, string>
}

// Forms

/** A text of 1 to `max` characters, trimmed. */
export const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

/**
 * Checks a form against its schema: its output, or the problem naming each bad field (`ids` maps a field to its
 * element, for the error summary's links).
 */
export function checkForm<S extends v.GenericSchema>(
  t: Translate,
  schema: S,
  values: Record<string, string>,
  ids: Record<string, string>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; problem: FormProblem } {
  const parsed = v.safeParse(schema, values)
  if (parsed.success) return { ok: true, output: parsed.output }
  const fields = [...new Set(parsed.issues.map((i) => v.getDotPath(i) ?? ''))]
  return {
    ok: false,
    problem: {
      message: null,
      fields: fields.map((f) => ({
        id: ids[f] ?? f,
        message: t(values[f]?.trim() ? `form.invalid.${f}` : `form.missing.${f}`),
      })),
    },
  }
}

/** A gateway refusal of a form as the form's problem, naming the fields the gateway named. */
export function problemOf(t: Translate, answer: Failure, ids: Record<string, string> = {}): FormProblem {
  const code =
    answer.code === 'identifier_taken' && answer.errors[0] ? `identifier_taken_${answer.errors[0]}` : answer.code
  return {
    message: translateCode(t, code),
    fields: answer.errors.filter((f) => ids[f]).map((f) => ({ id: ids[f]!, message: t(`form.invalid.${f}`) })),
  }
}

/** A gateway refusal's status as the page's: the gateway's own, which is never a success when it refused. */
export const refusedStatus = (answer: Failure) => answer.status as ContentfulStatusCode

/**
 * The one decision handler: a form posted from a record's page, checked against `schema` (a decision without fields
 * has none), sent to the operators' API at `call`, then the record reloaded with its notice, or drawn again by `show`
 * with the refusal beside its fields and what was typed kept.
 */
export async function decide(
  c: Ctx,
  d: {
    form: string
    call: string
    /** The answer's schema in the operators' contract. */
    answer: v.GenericSchema
    show: (c: Ctx, status: ContentfulStatusCode, state: FormState) => Promise<Response>
    done: string
    notice: Notice
    schema?: v.GenericSchema
    ids?: Record<string, string>
  },
): Promise<Response> {
  const t = translator(c.get('lang'))
  const ids = d.ids ?? {}
  const values = d.schema ? await readFields(c) : {}
  let body: Record<string, unknown> | undefined
  if (d.schema) {
    const checked = checkForm(t, d.schema, values, ids)
    if (!checked.ok) return d.show(c, 422, { problem: checked.problem, values, form: d.form })
    body = checked.output as Record<string, unknown>
  }
  const answer = await gatewayFor(c).post(d.call, d.answer, body)
  if (!answer.ok) return d.show(c, refusedStatus(answer), { problem: problemOf(t, answer, ids), values, form: d.form })
  return redirectWith(c, d.done, d.notice)
}
