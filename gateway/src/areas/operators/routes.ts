/**
 * `/core/operator/*`: the operators' API (moderation, the inbox, publishing, operators, the audit log, mail and the
 * site's contacts), which the operator console calls over its service binding and a script may call behind the same
 * Access application (docs/gateway-contract.md#operator). Every call needs a valid Cloudflare Access token naming an
 * active operator, and a role that reaches the call's area; every change it makes is written to the audit log
 * (docs/security.md#operator-surface). Without Access settings the calls do not exist (404). Mounted at
 * `/core/operator`.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { OPERATOR_AREAS, type OperatorArea } from '../../../../contract/operators/values'
import { ACCESS_ASSERTION_HEADER, verifyAccessAssertion } from '../../../../platform/access'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { parseInput, readJson } from '../../lib/validate'
import {
  readStoredSiteSettings,
  SiteSettingsInputSchema,
  siteSettingsOf,
  writeSiteSettings,
} from '../content/site-settings'
import { contentDisposition } from '../documents/files'
import { readFile } from '../documents/queries'
import { operatorEnquiryRoutes } from '../enquiries/routes'
import { operatorFeedbackRoutes } from '../feedback/routes'
import { operatorBinRoutes, operatorContentRoutes } from '../publishing/routes'
import { operatorAccountRoutes } from './accounts/routes'
import { auditStatement, recordRead } from './audit/audit'
import { operatorAuditRoutes } from './audit/routes'
import { operatorInboxRoutes } from './inbox/routes'
import { operatorMailRoutes } from './mail/routes'
import { operatorModerationRoutes, readModerationCounts } from './moderation/routes'
import { findOperator } from './people/operators'
import { operatorPeopleRoutes } from './people/routes'
import { mayReach } from './roles'

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

/** 403 `forbidden` unless the operator's role reaches `area` (roles.ts). */
const requireArea = (area: OperatorArea) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!mayReach(c.get('operator').role, area)) refuse(c.get('requestId'), `role_${c.get('operator').role}`)
    await next()
  })

/**
 * The area each path below `/core/operator` belongs to; the role rule lives here, once. A longer path under another's
 * prefix adds its own area to the prefix's (erasing a person is an admin's, finding one a moderator's).
 */
const AREAS: Record<string, OperatorArea> = {
  appeals: 'moderation',
  projects: 'moderation',
  registrations: 'moderation',
  inbox: 'moderation',
  // The investor pipeline (docs/gateway-contract.md#operator-enquiries): moderators follow enquiries up.
  enquiries: 'moderation',
  files: 'moderation',
  people: 'moderation',
  'people/:id/erase': 'admin',
  operators: 'admin',
  audit: 'admin',
  // Mail is the deployment's delivery, across every kind of mail (docs/gateway-contract.md#operator-mail).
  mail: 'admin',
  // Restoring what editors deleted is the admins' (docs/gateway-contract.md#operator-bin).
  bin: 'admin',
  'site-settings': 'content',
  content: 'content',
  // Readers' answers to "Was this page useful?" are about the content editors write (docs/gateway-contract.md#page-feedback).
  feedback: 'content',
}

/** The operator routes. */
export const operatorRoutes = new Hono<AppEnv>()

operatorRoutes.use('*', requireOperator)
for (const [path, area] of Object.entries(AREAS)) {
  operatorRoutes.use(`/${path}`, requireArea(area))
  operatorRoutes.use(`/${path}/*`, requireArea(area))
}

/** The signed-in operator, with the areas their role reaches: the console shows only those. */
operatorRoutes.get('/me', (c) => {
  const operator = c.get('operator')
  return ok(c, { ...operator, areas: OPERATOR_AREAS.filter((area) => mayReach(operator.role, area)) })
})

/** What waits for the operator, in the areas their role reaches. */
operatorRoutes.get('/overview', async (c) => {
  const operator = c.get('operator')
  return ok(c, mayReach(operator.role, 'moderation') ? await readModerationCounts(c.env.DB) : null)
})

operatorRoutes.route('/', operatorModerationRoutes)
operatorRoutes.route('/inbox', operatorInboxRoutes)
operatorRoutes.route('/enquiries', operatorEnquiryRoutes)
operatorRoutes.route('/content', operatorContentRoutes)
operatorRoutes.route('/operators', operatorPeopleRoutes)
operatorRoutes.route('/people', operatorAccountRoutes)
operatorRoutes.route('/audit', operatorAuditRoutes)
operatorRoutes.route('/mail', operatorMailRoutes)
operatorRoutes.route('/bin', operatorBinRoutes)
operatorRoutes.route('/feedback', operatorFeedbackRoutes)

/**
 * An uploaded file (a project's image or presentation, an event application's passport scan or photo), public or not,
 * with the sandbox headers public files get and never cached: operators download them here, never by a public URL.
 */
operatorRoutes.get('/files/:id{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const row = await readFile(c.env.DB, c.req.param('id'))
  const object = row ? await c.env.UPLOADS.get(row.r2_key) : null
  if (!row || !object) throw new GatewayError(404, 'not_found')
  // A file that is not public (a passport scan, an applicant's photo, a project's file before approval) is personal
  // data: each operator's download of one is audited.
  if (!row.is_public) {
    const subject = { action: 'file.download', kind: 'file', id: 0 } as const
    await recordRead(c.env.DB, c.get('operator').id, subject, { file: row.id, name: row.original_name }, new Date())
  }
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

// The agency's contacts the portal shows (docs/gateway-contract.md#site-settings): replaced as a whole, by an editor
// or an admin, and audited as every change.
operatorRoutes.put('/site-settings', async (c) => {
  const input = parseInput(SiteSettingsInputSchema, await readJson(c))
  const now = new Date()
  const before = await readStoredSiteSettings(c.env.DB)
  const subject = { action: 'site_settings.update', kind: 'site_settings', id: 1 } as const
  const audit = auditStatement(c.env.DB, c.get('operator').id, subject, before, siteSettingsOf(input), now)
  await writeSiteSettings(c.env.DB, input, now, [audit])
  return ok(c, null)
})
