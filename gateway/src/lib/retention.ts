/**
 * The gateway's daily clean-up (docs/operations.md#retention): a cron trigger deletes what has no reason to stay, after
 * the periods below, so the store keeps personal data no longer than its purpose needs
 * (docs/decisions/0029-data-residency.md). Each step is bounded, so a run stays within a scheduled invocation's limits;
 * what is left goes the next night.
 */

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
  /** OneID stand-in codes and their access tokens: a day after they expired. */
  oneIdCodesMs: DAY,
  /** Session tokens: 30 days after they were revoked or expired (absolute or idle). */
  tokensMs: 30 * DAY,
  /** The passport scan and photo of an event application: 30 days after the event ended, or after it was withdrawn. */
  eventDocumentsMs: 30 * DAY,
  /** Uploads of a rejected project proposal: 90 days after its rejection, unless it was sent again. */
  rejectedProjectFilesMs: 90 * DAY,
})

/** The idle expiry of a token (`tokens.ts`). */
const TOKEN_IDLE_MS = 7 * DAY
/** Rows with uploads handled per run. */
const UPLOAD_BATCH = 100

const iso = (ms: number) => new Date(ms).toISOString()

/** Deletes files (R2 objects and their rows) by id; unknown ids are ignored. */
async function deleteFiles(env: Env, ids: (string | null)[]): Promise<number> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (wanted.length === 0) return 0
  const marks = wanted.map(() => '?').join(',')
  const { results } = await env.DB.prepare(`SELECT id, r2_key FROM files WHERE id IN (${marks})`)
    .bind(...wanted)
    .all<{ id: string; r2_key: string }>()
  if (results.length === 0) return 0
  await env.UPLOADS.delete(results.map((r) => r.r2_key))
  await env.DB.prepare(`DELETE FROM files WHERE id IN (${results.map(() => '?').join(',')})`)
    .bind(...results.map((r) => r.id))
    .run()
  return results.length
}

/** The documents of event applications whose event ended (or was withdrawn) long enough ago. */
async function expireEventDocuments(env: Env, nowMs: number): Promise<number> {
  const cutoff = iso(nowMs - RETENTION.eventDocumentsMs)
  const { results } = await env.DB.prepare(
    `SELECT d.application_id, d.passport_file_id, d.image_file_id FROM event_application_documents d
     JOIN event_applications a ON a.id = d.application_id LEFT JOIN events e ON e.id = a.event_id
     WHERE (e.id IS NOT NULL AND e.date_to < ?1) OR (e.id IS NULL AND a.created_at < ?1) LIMIT ?2`,
  )
    .bind(cutoff, UPLOAD_BATCH)
    .all<{ application_id: number; passport_file_id: string; image_file_id: string }>()
  if (results.length === 0) return 0
  await env.DB.prepare(
    `DELETE FROM event_application_documents WHERE application_id IN (${results.map(() => '?').join(',')})`,
  )
    .bind(...results.map((r) => r.application_id))
    .run()
  return deleteFiles(
    env,
    results.flatMap((r) => [r.passport_file_id, r.image_file_id]),
  )
}

/** The uploads of project proposals rejected long enough ago and not sent again since. */
async function expireRejectedProjectFiles(env: Env, nowMs: number): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id, upload_file_id, presentation_uz_file_id, presentation_ru_file_id, presentation_en_file_id
     FROM personal_projects WHERE state = 'rejected' AND updated_at < ? AND (upload_file_id IS NOT NULL
       OR presentation_uz_file_id IS NOT NULL OR presentation_ru_file_id IS NOT NULL OR presentation_en_file_id IS NOT NULL)
     LIMIT ?`,
  )
    .bind(iso(nowMs - RETENTION.rejectedProjectFilesMs), UPLOAD_BATCH)
    .all<{
      id: number
      upload_file_id: string | null
      presentation_uz_file_id: string | null
      presentation_ru_file_id: string | null
      presentation_en_file_id: string | null
    }>()
  if (results.length === 0) return 0
  await env.DB.prepare(
    `UPDATE personal_projects SET upload_file_id = NULL, presentation_uz_file_id = NULL, presentation_ru_file_id = NULL,
       presentation_en_file_id = NULL WHERE id IN (${results.map(() => '?').join(',')})`,
  )
    .bind(...results.map((r) => r.id))
    .run()
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

/** What one run deleted, by kind. */
export type RetentionReport = Record<string, number>

/** Deletes everything past its period at `now`; answers how many of each kind went. */
export async function runRetention(env: Env, now: Date): Promise<RetentionReport> {
  const db = env.DB
  const nowMs = now.getTime()
  const at = (ms: number) => iso(nowMs - ms)
  const [rateLimits, sentMail, failedMail, links, codes, tokens, devices] = await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE window_start_ms < ?').bind(nowMs - RETENTION.rateLimitsMs),
    db
      .prepare("DELETE FROM outbox WHERE status = 'sent' AND coalesce(sent_at, created_at) < ?")
      .bind(at(RETENTION.sentMailMs)),
    db
      .prepare("DELETE FROM outbox WHERE status = 'failed' AND coalesce(updated_at, created_at) < ?")
      .bind(at(RETENTION.failedMailMs)),
    db.prepare('DELETE FROM reset_links WHERE expires_at < ?1 OR used_at < ?1').bind(at(RETENTION.passwordLinksMs)),
    db.prepare('DELETE FROM oneid_codes WHERE expires_at < ?').bind(at(RETENTION.oneIdCodesMs)),
    db
      .prepare('DELETE FROM tokens WHERE revoked_at < ?1 OR expires_at < ?1 OR last_used_at < ?2')
      .bind(at(RETENTION.tokensMs), at(RETENTION.tokensMs + TOKEN_IDLE_MS)),
    db.prepare('DELETE FROM trusted_devices WHERE expires_at < ?').bind(iso(nowMs)),
  ])
  const report: RetentionReport = {
    rate_limits: rateLimits!.meta.changes,
    sent_mail: sentMail!.meta.changes,
    failed_mail: failedMail!.meta.changes,
    password_links: links!.meta.changes,
    oneid_codes: codes!.meta.changes,
    tokens: tokens!.meta.changes,
    trusted_devices: devices!.meta.changes,
    event_documents: await expireEventDocuments(env, nowMs),
    rejected_project_files: await expireRejectedProjectFiles(env, nowMs),
  }
  console.log(JSON.stringify({ level: 'info', msg: 'retention', at: now.toISOString(), ...report }))
  return report
}
