/** The daily clean-up's SQL: what has no reason to stay, deleted past its period, in bounded steps. */
import { placeholders } from '../../lib/db'

/** The cut-off times of each kind of record, as ISO strings (rate limits: ms). */
export type Cutoffs = {
  rateLimitsMs: number
  sentMail: string
  failedMail: string
  passwordLinks: string
  emailLinks: string
  oneIdCodes: string
  tokens: string
  idleTokens: string
  devices: string
}

/** Deletes every short-lived record past its cut-off in one batch; answers how many of each went. */
export async function deleteExpired(db: D1Database, at: Cutoffs): Promise<Record<string, number>> {
  const [rateLimits, sentMail, failedMail, links, emailLinks, codes, tokens, devices] = await db.batch([
    db.prepare('DELETE FROM rate_limits WHERE window_start_ms < ?').bind(at.rateLimitsMs),
    db.prepare("DELETE FROM outbox WHERE status = 'sent' AND coalesce(sent_at, created_at) < ?").bind(at.sentMail),
    db
      .prepare("DELETE FROM outbox WHERE status = 'failed' AND coalesce(updated_at, created_at) < ?")
      .bind(at.failedMail),
    db.prepare('DELETE FROM reset_links WHERE expires_at < ?1 OR used_at < ?1').bind(at.passwordLinks),
    db.prepare('DELETE FROM email_changes WHERE expires_at < ?1 OR used_at < ?1').bind(at.emailLinks),
    db.prepare('DELETE FROM oneid_codes WHERE expires_at < ?').bind(at.oneIdCodes),
    db
      .prepare('DELETE FROM tokens WHERE revoked_at < ?1 OR expires_at < ?1 OR last_used_at < ?2')
      .bind(at.tokens, at.idleTokens),
    db.prepare('DELETE FROM trusted_devices WHERE expires_at < ?').bind(at.devices),
  ])
  return {
    rate_limits: rateLimits!.meta.changes,
    sent_mail: sentMail!.meta.changes,
    failed_mail: failedMail!.meta.changes,
    password_links: links!.meta.changes,
    email_links: emailLinks!.meta.changes,
    oneid_codes: codes!.meta.changes,
    tokens: tokens!.meta.changes,
    trusted_devices: devices!.meta.changes,
  }
}

/** Up to `limit` event applications' documents whose event ended before `cutoff`, or whose event is gone. */
export async function listExpiredEventDocuments(db: D1Database, cutoff: string, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT d.application_id, d.passport_file_id, d.image_file_id FROM event_application_documents d
       JOIN event_applications a ON a.id = d.application_id LEFT JOIN events e ON e.id = a.event_id
       WHERE (e.id IS NOT NULL AND e.date_to < ?1) OR (e.id IS NULL AND a.created_at < ?1) LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ application_id: number; passport_file_id: string; image_file_id: string }>()
  return results
}

/** Forgets applications' documents (their files go separately). */
export async function deleteEventDocuments(db: D1Database, applicationIds: number[]): Promise<void> {
  await db
    .prepare(`DELETE FROM event_application_documents WHERE application_id IN (${placeholders(applicationIds.length)})`)
    .bind(...applicationIds)
    .run()
}

/** A project's file columns. */
type ProjectFiles = {
  id: number
  upload_file_id: string | null
  presentation_uz_file_id: string | null
  presentation_ru_file_id: string | null
  presentation_en_file_id: string | null
}

/** Up to `limit` projects rejected before `cutoff` (and not sent again since) that still have uploads. */
export async function listExpiredRejectedProjects(db: D1Database, cutoff: string, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT id, upload_file_id, presentation_uz_file_id, presentation_ru_file_id, presentation_en_file_id
       FROM personal_projects WHERE state = 'rejected' AND updated_at < ? AND (upload_file_id IS NOT NULL
         OR presentation_uz_file_id IS NOT NULL OR presentation_ru_file_id IS NOT NULL OR presentation_en_file_id IS NOT NULL)
       LIMIT ?`,
    )
    .bind(cutoff, limit)
    .all<ProjectFiles>()
  return results
}

/** Clears projects' file columns (their files go separately). */
export async function clearProjectFiles(db: D1Database, projectIds: number[]): Promise<void> {
  await db
    .prepare(
      `UPDATE personal_projects SET upload_file_id = NULL, presentation_uz_file_id = NULL, presentation_ru_file_id = NULL,
         presentation_en_file_id = NULL WHERE id IN (${placeholders(projectIds.length)})`,
    )
    .bind(...projectIds)
    .run()
}

/** A content table and its columns that may name an editor's upload (file and image fields, rich text). */
export type UploadColumns = { table: string; columns: readonly string[] }

/**
 * Up to `limit` editors' uploads made before `cutoff` that no item names: in none of `where`'s columns, by reference
 * (`file:{id}:…`) or by site path in rich text (`/document/public/file/{id}`), both of which hold the id.
 */
export async function listOrphanedUploads(
  db: D1Database,
  where: readonly UploadColumns[],
  cutoff: string,
  limit: number,
): Promise<string[]> {
  const named = where
    .filter((w) => w.columns.length)
    .map(
      (w) =>
        `NOT EXISTS (SELECT 1 FROM ${w.table} t WHERE ${w.columns.map((c) => `instr(t.${c}, f.id) > 0`).join(' OR ')})`,
    )
  const { results } = await db
    .prepare(
      `SELECT f.id FROM files f WHERE f.r2_key LIKE 'content/%' AND f.created_at < ?1 ${named.map((n) => `AND ${n}`).join(' ')}
       LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ id: string }>()
  return results.map((r) => r.id)
}
