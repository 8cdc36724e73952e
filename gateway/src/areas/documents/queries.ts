/** The documents area's SQL: stored files' metadata and event applications' documents. */
import { placeholders } from '../../lib/db'

/** A `files` row. */
export type FileRow = {
  id: string
  r2_key: string
  size: number
  file_name: string
  original_name: string
  file_extension: string
  content_type: string
  is_public: number
  created_at: string
  updated_at: string
}

/** Records a stored file's metadata. */
export async function insertFile(
  db: D1Database,
  row: FileRow,
  ownerUserId: number | null,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  const insert = db
    .prepare(
      `INSERT INTO files (id, r2_key, size, file_name, original_name, file_extension, content_type, is_public, owner_user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      row.id,
      row.r2_key,
      row.size,
      row.file_name,
      row.original_name,
      row.file_extension,
      row.content_type,
      row.is_public,
      ownerUserId,
      row.created_at,
      row.updated_at,
    )
  if (alongside.length) await db.batch([insert, ...alongside])
  else await insert.run()
}

/** A file's row, public or not. */
export async function readFile(db: D1Database, id: string) {
  return db.prepare('SELECT * FROM files WHERE id = ?').bind(id).first<FileRow>()
}

/**
 * A file anyone may have (docs/security.md#uploads): a public one, or an upload of a project that is approved now.
 */
export async function readPublicFile(db: D1Database, id: string) {
  return db
    .prepare(
      `SELECT f.* FROM files f WHERE f.id = ?1 AND (f.is_public = 1 OR EXISTS (SELECT 1 FROM personal_projects p
         WHERE p.state = 'approved'
           AND f.id IN (p.upload_file_id, p.presentation_uz_file_id, p.presentation_ru_file_id, p.presentation_en_file_id)))`,
    )
    .bind(id)
    .first<FileRow>()
}

/** A user's own upload. */
export async function readOwnFile(db: D1Database, id: string, userId: number) {
  return db.prepare('SELECT * FROM files WHERE id = ? AND owner_user_id = ?').bind(id, userId).first<FileRow>()
}

/** Files' rows by id (missing ids are absent). */
export async function readFiles(db: D1Database, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(`SELECT * FROM files WHERE id IN (${placeholders(ids.length)})`)
    .bind(...ids)
    .all<FileRow>()
  return results
}

/** Deletes files' rows by id. */
export async function deleteFileRows(db: D1Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .prepare(`DELETE FROM files WHERE id IN (${placeholders(ids.length)})`)
    .bind(...ids)
    .run()
}

/** An event application whose upload capability hashes to `tokenHash`, and whether it has its documents yet. */
export async function findApplicationForUpload(db: D1Database, id: number, tokenHash: string) {
  return db
    .prepare(
      `SELECT a.id, a.created_at, d.application_id AS has_documents FROM event_applications a
       LEFT JOIN event_application_documents d ON d.application_id = a.id WHERE a.id = ? AND a.upload_token_hash = ?`,
    )
    .bind(id, tokenHash)
    .first<{ id: number; created_at: string; has_documents: number | null }>()
}

/** Attaches an application's documents; false when another request attached them first. */
export async function insertApplicationDocuments(
  db: D1Database,
  documents: { applicationId: number; passportFileId: string; imageFileId: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .prepare(
      'INSERT OR IGNORE INTO event_application_documents (application_id, passport_file_id, image_file_id, created_at) VALUES (?, ?, ?, ?)',
    )
    .bind(documents.applicationId, documents.passportFileId, documents.imageFileId, now.toISOString())
    .run()
  return inserted.meta.changes === 1
}
