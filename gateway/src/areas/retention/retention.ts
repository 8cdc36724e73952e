/**
 * The gateway's daily clean-up (docs/operations.md#retention): a cron trigger deletes what has no reason to stay, after
 * the periods below, so the store keeps personal data no longer than its purpose needs
 * (docs/decisions/0029-data-residency.md). Each step is bounded, so a run stays within a scheduled invocation's limits;
 * what is left goes the next night.
 */
import { LOCALES } from '../../../../contract/locales'
import { deleteExports, EXPORT_PENDING_MS } from '../account/exports'
import { listExpiredExports } from '../account/queries'
import { eraseDueAccounts } from '../account/states'
import { deleteFiles } from '../documents/files'
import { eraseDue } from '../publishing/bin'
import { columnsOf, KIND_NAMES, kindOf } from '../publishing/kinds'
import {
  clearProjectFiles,
  deleteEventDocuments,
  deleteExpired,
  listExpiredEventDocuments,
  listExpiredRejectedProjects,
  listOrphanedUploads,
  type UploadColumns,
} from './queries'

const HOUR = 3600_000
const DAY = 24 * HOUR

/** How long each kind of record stays once it has done its job. */
export const RETENTION = Object.freeze({
  /** Rate-limit counters: a day after their window opened (the longest window is an hour). */
  rateLimitsMs: DAY,
  /** Sent mail (its links already redacted outside local mode): 30 days after sending. */
  sentMailMs: 30 * DAY,
  /** Mail the queue gave up on: 30 days after it failed, for operators to see why. */
  failedMailMs: 30 * DAY,
  /** Reset and set-password links: 7 days after they were used or expired. */
  passwordLinksMs: 7 * DAY,
  /** Links that confirm a new e-mail address: 7 days after they were used or expired. */
  emailLinksMs: 7 * DAY,
  /** OneID stand-in codes and their access tokens: a day after they expired. */
  oneIdCodesMs: DAY,
  /** Session tokens: 30 days after they were revoked or expired (absolute or idle). */
  tokensMs: 30 * DAY,
  /** The passport scan and photo of an event application: 30 days after the event ended, or after it was withdrawn. */
  eventDocumentsMs: 30 * DAY,
  /** Uploads of a rejected project proposal: 90 days after its rejection, unless it was sent again. */
  rejectedProjectFilesMs: 90 * DAY,
  /**
   * An editor's upload no item names (never saved into one, or replaced since): 30 days after it was uploaded, so an
   * unsaved draft keeps its images a month (docs/security.md#uploads).
   */
  orphanedUploadsMs: 30 * DAY,
  /** A download of one's data: when its offer ends (48 hours); one never made, a day after it was asked for. */
  unmadeExportsMs: DAY,
})

/** The idle expiry of a token (`../auth/tokens.ts`). */
const TOKEN_IDLE_MS = 7 * DAY
/** Rows with uploads handled per run. */
const UPLOAD_BATCH = 100
/** Accounts erased per run (each is a few statements and its files). */
const ERASE_BATCH = 50

const iso = (ms: number) => new Date(ms).toISOString()

/** The documents of event applications whose event ended (or was withdrawn) long enough ago. */
async function expireEventDocuments(env: Env, nowMs: number): Promise<number> {
  const results = await listExpiredEventDocuments(env.DB, iso(nowMs - RETENTION.eventDocumentsMs), UPLOAD_BATCH)
  if (results.length === 0) return 0
  await deleteEventDocuments(
    env.DB,
    results.map((r) => r.application_id),
  )
  return deleteFiles(
    env,
    results.flatMap((r) => [r.passport_file_id, r.image_file_id]),
  )
}

/** The uploads of project proposals rejected long enough ago and not sent again since. */
async function expireRejectedProjectFiles(env: Env, nowMs: number): Promise<number> {
  const cutoff = iso(nowMs - RETENTION.rejectedProjectFilesMs)
  const results = await listExpiredRejectedProjects(env.DB, cutoff, UPLOAD_BATCH)
  if (results.length === 0) return 0
  await clearProjectFiles(
    env.DB,
    results.map((r) => r.id),
  )
  return deleteFiles(
    env,
    results.flatMap((r) => [
      r.upload_file_id,
      r.presentation_uz_file_id,
      r.presentation_ru_file_id,
      r.presentation_en_file_id,
    ]),
  )
}

/** The content columns that can name an upload: every kind's file and image fields and its rich text. */
const UPLOAD_COLUMNS: readonly UploadColumns[] = KIND_NAMES.map((name) => kindOf(name)!).map((spec) => ({
  table: spec.table,
  columns: spec.fields
    .filter((f) => f.type === 'file' || f.type === 'image' || f.type === 'html')
    .flatMap((f) => columnsOf(f, LOCALES)),
}))

/** Editors' uploads that no item names, long enough after they were uploaded. */
async function expireOrphanedUploads(env: Env, nowMs: number): Promise<number> {
  const cutoff = iso(nowMs - RETENTION.orphanedUploadsMs)
  return deleteFiles(env, await listOrphanedUploads(env.DB, UPLOAD_COLUMNS, cutoff, UPLOAD_BATCH))
}

/** Downloads of one's data no longer offered, with their files. */
async function expireExports(env: Env, now: Date): Promise<number> {
  const cutoff = iso(now.getTime() - Math.max(RETENTION.unmadeExportsMs, EXPORT_PENDING_MS))
  return deleteExports(env, await listExpiredExports(env.DB, now, cutoff, UPLOAD_BATCH))
}

/** What one run deleted, by kind. */
export type RetentionReport = Record<string, number>

/** Deletes everything past its period at `now`; answers how many of each kind went. */
export async function runRetention(env: Env, now: Date): Promise<RetentionReport> {
  const nowMs = now.getTime()
  const at = (ms: number) => iso(nowMs - ms)
  const expired = await deleteExpired(env.DB, {
    rateLimitsMs: nowMs - RETENTION.rateLimitsMs,
    sentMail: at(RETENTION.sentMailMs),
    failedMail: at(RETENTION.failedMailMs),
    passwordLinks: at(RETENTION.passwordLinksMs),
    emailLinks: at(RETENTION.emailLinksMs),
    oneIdCodes: at(RETENTION.oneIdCodesMs),
    tokens: at(RETENTION.tokensMs),
    idleTokens: at(RETENTION.tokensMs + TOKEN_IDLE_MS),
    devices: iso(nowMs),
  })
  const report: RetentionReport = {
    ...expired,
    event_documents: await expireEventDocuments(env, nowMs),
    rejected_project_files: await expireRejectedProjectFiles(env, nowMs),
    orphaned_uploads: await expireOrphanedUploads(env, nowMs),
    // What editors deleted, 30 days on (each entry's `erase_after`, set when it was deleted).
    bin: await eraseDue(env.DB, now),
    data_exports: await expireExports(env, now),
    // Accounts their owners deleted, once the grace period is over (docs/decisions/0029-data-residency.md#erasing-an-account).
    erased_accounts: await eraseDueAccounts(env, now, ERASE_BATCH),
  }
  console.log(JSON.stringify({ level: 'info', msg: 'retention', at: now.toISOString(), ...report }))
  return report
}
