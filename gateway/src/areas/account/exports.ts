/**
 * "Download my data" (docs/gateway-contract.md#data-export, docs/decisions/0050-data-export.md): a JSON file of the
 * account's profile, company, appeals with their replies, projects, event applications and notifications, made on
 * request (by the export queue when it holds many records), kept in R2 and offered for 48 hours; the retention cron
 * deletes it then.
 */
import type { Locale } from '../../../../contract/locales'
import { isLocale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AuthUser } from '../../lib/context'
import { createSecret } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'
import { EXPORT_LIMIT, isOverLimit } from '../../lib/rate-limit'
import { readProfile } from '../profile/accounts'
import {
  countExportRecords,
  deleteExportRows,
  type ExportRow,
  findLatestExport,
  insertExport,
  listExportAppeals,
  listExportBudgets,
  listExportEventApplications,
  listExportNotifications,
  listExportProjectFiles,
  listExportProjects,
  listExportReplies,
  listOtherExports,
  markExportFailed,
  markExportReady,
  readAccountCreated,
  readExport,
} from './queries'

/** How long a made export is offered. */
export const EXPORT_LIFETIME_MS = 48 * 3600_000
/** Above this many records, the export queue makes the file instead of the request. */
export const EXPORT_INLINE_RECORDS = 500
/** A pending export older than this has failed (its queue message was given up on). */
export const EXPORT_PENDING_MS = 15 * 60_000
/** Tries of the export queue before an export is marked failed. */
const EXPORT_ATTEMPTS = 3

/** What the export queue carries: the export to make. */
type ExportMessage = { exportId: number }

/** An export as the person sees it (`GET /core/account/export`), or null when none is on offer. */
export function toExportView(row: ExportRow | null, publicBase: string, now: Date) {
  if (!row) return null
  const nowMs = now.getTime()
  if (row.state === 'ready' && Date.parse(row.expires_at ?? '') <= nowMs) return null
  const stale = row.state === 'pending' && Date.parse(row.created_at) + EXPORT_PENDING_MS <= nowMs
  const state = stale ? 'failed' : row.state
  return {
    id: row.id,
    state,
    created_at: row.created_at,
    ready_at: row.ready_at,
    expires_at: state === 'ready' ? row.expires_at : null,
    size: state === 'ready' ? row.size : null,
    download_link: state === 'ready' ? `${publicBase}/core/account/export/file` : null,
  }
}

/**
 * Starts an export of the account: made at once when small, else put on the export queue. A pending one still in time
 * is answered instead of a second; 429 after 10 a day.
 */
export async function requestExport(env: Env, user: AuthUser, lang: Locale, now: Date): Promise<ExportRow> {
  const db = env.DB
  const latest = await findLatestExport(db, user.id)
  if (latest?.state === 'pending' && Date.parse(latest.created_at) + EXPORT_PENDING_MS > now.getTime()) return latest
  const limit = { key: `export:${user.id}`, ...EXPORT_LIMIT }
  if (await isOverLimit(db, limit, now.getTime())) throw new GatewayError(429, 'too_many_attempts')
  const id = await insertExport(db, user.id, lang, now)
  if ((await countExportRecords(db, user.id, user.email)) > EXPORT_INLINE_RECORDS) {
    await env.EXPORT_QUEUE.send({ exportId: id } satisfies ExportMessage, { contentType: 'json' })
  } else {
    await makeExport(env, id, now)
  }
  return (await readExport(db, id))!
}

/** Makes a pending export's file, offers it, and deletes the account's earlier exports. */
async function makeExport(env: Env, id: number, now: Date): Promise<void> {
  const db = env.DB
  const row = await readExport(db, id)
  if (row?.state !== 'pending') return
  const lang = isLocale(row.lang) ? row.lang : 'en'
  const data = await collectAccountData(env, row.user_id, lang, now)
  if (!data) {
    await markExportFailed(db, id)
    return
  }
  const body = new TextEncoder().encode(JSON.stringify(data, null, 2))
  const key = `exports/${row.user_id}/${createSecret(16)}.json`
  await env.UPLOADS.put(key, body, { httpMetadata: { contentType: 'application/json; charset=utf-8' } })
  const expiresAt = new Date(now.getTime() + EXPORT_LIFETIME_MS)
  if (!(await markExportReady(db, id, { key, size: body.byteLength, expiresAt }, now))) {
    await env.UPLOADS.delete(key)
    return
  }
  const earlier = await listOtherExports(db, row.user_id, id)
  await deleteExports(env, earlier)
}

/** Deletes exports and their files. */
export async function deleteExports(env: Env, exports: { id: number; r2_key: string | null }[]): Promise<number> {
  const keys = exports.flatMap((e) => (e.r2_key ? [e.r2_key] : []))
  if (keys.length) await env.UPLOADS.delete(keys)
  await deleteExportRows(
    env.DB,
    exports.map((e) => e.id),
  )
  return exports.length
}

/** The export queue's consumer: makes each export once; after its last try, it is marked failed. */
export async function handleExportQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const id = (message.body as Partial<ExportMessage> | null)?.exportId
    if (!Number.isSafeInteger(id) || (id as number) < 1) {
      message.ack()
      continue
    }
    try {
      await makeExport(env, id as number, new Date())
      message.ack()
    } catch (err) {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'export failed',
          exportId: id,
          attempt: message.attempts,
          error: err instanceof Error ? err.message : String(err),
        }),
      )
      if (message.attempts >= EXPORT_ATTEMPTS) {
        await markExportFailed(env.DB, id as number)
        message.ack()
      } else message.retry({ delaySeconds: 30 })
    }
  }
}

/** The company fields of a profile; the rest is the person's. */
const COMPANY_FIELDS = ['company_name', 'legal_address', 'website', 'tin'] as const

/** Everything the account holds, as its export gives it, in `lang` where names are translated; null when it is gone. */
async function collectAccountData(env: Env, userId: number, lang: Locale, now: Date) {
  const db = env.DB
  const profile = await readProfile(db, userId, lang)
  if (!profile) return null
  const own: Record<string, unknown> = { ...('investor' in profile ? profile.investor : profile.businessmen) }
  const company: Record<string, unknown> = {}
  for (const field of COMPANY_FIELDS) {
    if (field in own) company[field] = own[field]
    delete own[field]
  }
  delete own.id
  delete own.is_resident
  const [appeals, replies, projects, budgets, files, events, notifications] = await Promise.all([
    listExportAppeals(db, userId, lang),
    listExportReplies(db, userId),
    listExportProjects(db, userId, lang),
    listExportBudgets(db, userId),
    listExportProjectFiles(db, userId),
    listExportEventApplications(db, profile.email, lang),
    listExportNotifications(db, userId, lang),
  ])
  const publicBase = readConfig(env).publicBase
  return {
    exported_at: now.toISOString(),
    account: {
      email: profile.email,
      role: profile.role,
      is_resident: profile.is_resident,
      created_at: await readAccountCreated(db, userId),
    },
    profile: own,
    company,
    appeals: appeals.map((a) => ({
      ...a,
      replies: replies
        .filter((r) => r.appeal_id === a.id)
        .map((r) => ({ from: r.owner === 1 ? 'you' : 'agency', name: r.admin, text: r.response, created: r.created })),
    })),
    projects: projects.map((p) => ({
      id: p.id,
      title: { uz: p.title_uz, ru: p.title_ru, en: p.title_en },
      content: { uz: p.content_uz, ru: p.content_ru, en: p.content_en },
      category: p.category,
      sector: p.sector,
      region: p.region,
      budget: p.budget,
      status: p.status,
      latitude: p.latitude,
      longitude: p.longitude,
      phone: p.phone,
      email: p.email,
      state: p.state,
      reject_reason: p.reject_reason,
      draft: p.draft === 1,
      visible: p.visible === 1,
      budgets: budgets.filter((b) => b.project_id === p.id).map((b) => b.sum),
      files: files
        .filter((f) => f.project_id === p.id)
        .map((f) => ({
          slot: f.slot,
          name: f.original_name,
          size: f.size,
          content_type: f.content_type,
          download_link: `${publicBase}/document/public/file/${f.id}`,
        })),
      created_at: p.created_at,
      updated_at: p.updated_at,
    })),
    event_applications: events,
    notifications: notifications.map((n) => ({ ...n, seen: n.seen === 1 })),
  }
}

/** The account's export file on offer, or null. */
export async function readExportFile(env: Env, userId: number, now: Date) {
  const row = await findLatestExport(env.DB, userId)
  if (row?.state !== 'ready' || !row.r2_key || Date.parse(row.expires_at ?? '') <= now.getTime()) return null
  const object = await env.UPLOADS.get(row.r2_key)
  return object ? { row, object } : null
}
