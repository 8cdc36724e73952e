/**
 * `/core/operator/*`: the operators' API (moderation, the inbox, publishing, operators, the audit log and the site's
 * contacts), which the operator console calls over its service binding and a script may call behind the same Access application (docs/gateway-contract.md#operator). Every call needs a valid Cloudflare
 * Access token naming an active operator, and a role that reaches the call's area; every change it makes is written to
 * the audit log (docs/security.md#operator-surface). Without Access settings the calls do not exist (404).
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { AUDIT_ACTIONS, MAIL_STATUSES, OPERATOR_AREAS, type OperatorArea } from '../../../../contract/operators/values'
import { ACCESS_ASSERTION_HEADER, verifyAccessAssertion } from '../../../../platform/access'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import { EmailSchema, IdSchema, optionalText, parseInput, readJson, readQuery } from '../../lib/validate'
import { readStoredSiteSettings, SiteSettingsInputSchema, writeSiteSettings } from '../content/site-settings'
import { contentDisposition, type FileRow } from '../documents/files'
import { operatorContentRoutes } from '../publishing/routes'
import { AUDIT_TARGET_KINDS, listAudit, recordAudit } from './audit/audit'
import { operatorInboxRoutes } from './inbox/routes'
import { listMail, resendMail } from './mail/resend'
import { operatorModerationRoutes, readModerationCounts } from './moderation/routes'
import {
  addOperator,
  changeOperatorRole,
  findOperator,
  listOperators,
  mayReach,
  OperatorRoleSchema,
  removeOperator,
} from './people/operators'

/** Refuses the call with 403 `forbidden`; why goes to the log only, so a locked-out operator can be helped. */
function refuse(requestId: string, reason: string): never {
  console.warn(JSON.stringify({ level: 'warn', msg: 'access refused', requestId, reason }))
  throw new GatewayError(403, 'forbidden')
}

/**
 * 404 unless Access is configured; 403 `forbidden` without a valid Access token (signature, issuer, audience, expiry),
 * for a token without an e-mail (a service token), or for an e-mail that is no active operator.
 */
const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const { access, firstAdminEmail } = readConfig(c.env)
  if (!access) throw new GatewayError(404, 'not_found')
  const verdict = await verifyAccessAssertion(c.req.header(ACCESS_ASSERTION_HEADER), access)
  if (!verdict.ok) refuse(c.get('requestId'), verdict.reason)
  const email = verdict.identity.email
  if (!email) refuse(c.get('requestId'), 'no_email')
  const operator = await findOperator(c.env.DB, email, firstAdminEmail, new Date())
  if (!operator) refuse(c.get('requestId'), 'not_an_operator')
  c.set('operator', operator)
  await next()
})

/** 403 `forbidden` unless the operator's role reaches `area` (lib/operators.ts). */
const requireArea = (area: OperatorArea) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!mayReach(c.get('operator').role, area)) refuse(c.get('requestId'), `role_${c.get('operator').role}`)
    await next()
  })

const ParamsSchema = v.object({ id: IdSchema })
const NewOperatorSchema = v.object({ email: EmailSchema, name: optionalText(100), role: OperatorRoleSchema })
const RoleChangeSchema = v.object({ role: OperatorRoleSchema })
const MailQuerySchema = v.object({ status: v.optional(v.picklist(MAIL_STATUSES), 'failed') })
const AuditQuerySchema = v.object({
  operator: v.optional(IdSchema),
  action: v.optional(v.picklist(AUDIT_ACTIONS)),
  target: v.optional(v.picklist(AUDIT_TARGET_KINDS)),
  target_id: v.optional(IdSchema),
})

/** The operator routes. */
export const operatorRoutes = new Hono<AppEnv>()

operatorRoutes.use('/core/operator/*', requireOperator)
const AREAS: Record<string, OperatorArea> = {
  appeals: 'moderation',
  projects: 'moderation',
  registrations: 'moderation',
  inbox: 'moderation',
  files: 'moderation',
  operators: 'admin',
  audit: 'admin',
  // Mail is the deployment's delivery, across every kind of mail (docs/gateway-contract.md#operator-mail).
  mail: 'admin',
  'site-settings': 'content',
  content: 'content',
}
for (const [path, area] of Object.entries(AREAS)) {
  operatorRoutes.use(`/core/operator/${path}`, requireArea(area))
  operatorRoutes.use(`/core/operator/${path}/*`, requireArea(area))
}

/** The signed-in operator, with the areas their role reaches: the console shows only those. */
operatorRoutes.get('/core/operator/me', (c) => {
  const operator = c.get('operator')
  return ok(c, { ...operator, areas: OPERATOR_AREAS.filter((area) => mayReach(operator.role, area)) })
})

/** What waits for the operator, in the areas their role reaches. */
operatorRoutes.get('/core/operator/overview', async (c) => {
  const operator = c.get('operator')
  return ok(c, mayReach(operator.role, 'moderation') ? await readModerationCounts(c.env.DB) : null)
})

operatorRoutes.route('/', operatorModerationRoutes)
operatorRoutes.route('/', operatorInboxRoutes)
operatorRoutes.route('/', operatorContentRoutes)

/**
 * An uploaded file (a project's image or presentation, an event application's passport scan or photo), public or not,
 * with the sandbox headers public files get and never cached: operators download them here, never by a public URL.
 */
operatorRoutes.get('/core/operator/files/:id{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const row = await c.env.DB.prepare('SELECT * FROM files WHERE id = ?').bind(c.req.param('id')).first<FileRow>()
  const object = row ? await c.env.UPLOADS.get(row.r2_key) : null
  if (!row || !object) throw new GatewayError(404, 'not_found')
  return new Response(object.body, {
    headers: {
      'Content-Type': row.content_type,
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition(row),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  })
})

operatorRoutes.get('/core/operator/operators', async (c) => ok(c, await listOperators(c.env.DB)))

operatorRoutes.post('/core/operator/operators', async (c) => {
  const input = parseInput(NewOperatorSchema, await readJson(c))
  return ok(c, await addOperator(c.env.DB, c.get('operator'), input, new Date()))
})

operatorRoutes.post('/core/operator/operators/:id/role', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  const { role } = parseInput(RoleChangeSchema, await readJson(c))
  return ok(c, await changeOperatorRole(c.env.DB, c.get('operator'), id, role, new Date()))
})

operatorRoutes.post('/core/operator/operators/:id/remove', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  await removeOperator(c.env.DB, c.get('operator'), id, new Date())
  return ok(c, { id })
})

operatorRoutes.get('/core/operator/audit', async (c) => {
  const query = readQuery(c)
  const filter = parseInput(AuditQuerySchema, query)
  const paging = readPaging(query, 50)
  const { items, total } = await listAudit(
    c.env.DB,
    { operatorId: filter.operator, action: filter.action, kind: filter.target, targetId: filter.target_id },
    paging,
  )
  // The actions and target kinds come along, so the console's filter offers exactly what the log can hold.
  return ok(c, { items, actions: AUDIT_ACTIONS, targets: AUDIT_TARGET_KINDS }, pageable(paging, total))
})

/** Failed (or long-queued) mail, without bodies, with the count of each (docs/gateway-contract.md#operator-mail). */
operatorRoutes.get('/core/operator/mail', async (c) => {
  const query = readQuery(c)
  const { status } = parseInput(MailQuerySchema, query)
  const paging = readPaging(query, 50)
  const { items, total, counts } = await listMail(c.env.DB, status, paging, new Date())
  return ok(c, { status, items, counts }, pageable(paging, total))
})

/** A failed mail queued again, with a fresh link when it carries a password link; audited as `mail.resend`. */
operatorRoutes.post('/core/operator/mail/:id/resend', async (c) => {
  const { id } = parseInput(ParamsSchema, c.req.param())
  return ok(c, await resendMail(c.env, c.get('operator').id, id, new Date()))
})

// The agency's contacts the portal shows (docs/gateway-contract.md#site-settings): replaced as a whole, by an editor
// or an admin, and audited as every change.
operatorRoutes.put('/core/operator/site-settings', async (c) => {
  const input = parseInput(SiteSettingsInputSchema, await readJson(c))
  const now = new Date()
  const before = await readStoredSiteSettings(c.env.DB)
  await writeSiteSettings(c.env.DB, input, now)
  const after = await readStoredSiteSettings(c.env.DB)
  const subject = { action: 'site_settings.update', kind: 'site_settings', id: 1 } as const
  await recordAudit(c.env.DB, c.get('operator').id, subject, before, after, now)
  return ok(c, null)
})
