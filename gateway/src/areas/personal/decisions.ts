/**
 * Moderation of submitted projects (docs/product.md#projects): the one place the decision is made, for the development
 * seam (`/dev/moderate`) and the operators' calls alike. The owner is notified, mailed as their choices allow
 * (docs/product.md#notification-choices), and their open pages hear of it.
 */
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { DecisionState } from '../../../../contract/operators/values'
import { readConfig } from '../../lib/config'
import type { RequestScope } from '../../lib/context'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { queueMail } from '../mail/send'
import { createNotification, notificationLinks } from '../notifications/notify'
import { readUserMailbox } from '../notifications/queries'
import { publishToUser } from '../notifications/realtime'
import { decideProjectRow, readProjectForDecision } from './queries'

/** What a moderator's decision did to a project: its state before and after. */
type ProjectChange = { id: number; before: DecisionState; state: DecisionState }

/**
 * Approves or rejects a submitted project (a rejection keeps its reason, which the owner's page shows). 409
 * `invalid_state` unless the project waits for moderation.
 */
export async function decideProject(
  scope: RequestScope,
  id: number,
  decision: { state: 'approved' | 'rejected'; reason: string },
  now: Date,
  audit: (change: ProjectChange) => readonly D1PreparedStatement[] = () => [],
): Promise<ProjectChange> {
  const db = scope.env.DB
  const project = await readProjectForDecision(db, id)
  if (!project) throw new GatewayError(404, 'not_found')
  if (project.state !== 'pending' || project.draft === 1) throw new GatewayError(409, 'invalid_state')
  const { state } = decision
  const reason = state === 'rejected' ? decision.reason || null : null
  const change: ProjectChange = { id, before: 'pending', state }
  if (!(await decideProjectRow(db, id, { state, reason }, now, audit(change))))
    throw new GatewayError(409, 'invalid_state')
  const title = Object.fromEntries(LOCALES.map((l) => [l, project[`title_${l}`] || project.title_en || ''])) as Record<
    Locale,
    string
  >
  const type = state === 'approved' ? 'project_approved' : 'project_rejected'
  await createNotification(scope, db, project.user_id, type, title, notificationLinks.project(id), now)
  publishToUser(scope, project.user_id, { type: 'project', id, state })
  await mailDecision(scope.env, { id, userId: project.user_id, title }, { state, reason: reason ?? '' }, now)
  return change
}

/** Mails the owner the decision, in the language they last used the portal in, with the project's title in it. */
async function mailDecision(
  env: Env,
  project: { id: number; userId: number; title: Record<Locale, string> },
  decision: { state: 'approved' | 'rejected'; reason: string },
  now: Date,
): Promise<void> {
  const owner = await readUserMailbox(env.DB, project.userId)
  if (!owner) return
  const lang = readLang(owner.lang)
  const url = `${readConfig(env).portalOrigin}/${lang}${notificationLinks.project(project.id)}`
  const ref = { title: project.title[lang], url }
  const common = { to: owner.email, lang, userId: project.userId }
  if (decision.state === 'approved') await queueMail(env, now, { ...common, kind: 'project-approved', props: ref })
  else await queueMail(env, now, { ...common, kind: 'project-rejected', props: { ...ref, reason: decision.reason } })
}
