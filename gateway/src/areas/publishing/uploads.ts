/**
 * Editors' uploads (docs/gateway-contract.md#operator-content): images and files for content, checked like every upload
 * (type from the bytes, size), stored in R2, and named in the content's column by a reference that carries what a File
 * object needs, so lists answer without a lookup per row, or in rich text by their site path. An upload is public only
 * once a save names it (docs/security.md#uploads); one no item names goes with the retention cron.
 */
import { CONTENT_TYPES, type FileKind, type UploadRule } from '../documents/files'
import type { FileRow } from '../documents/queries'

const MB = 1024 * 1024

/** What each upload field of content accepts. */
export const CONTENT_UPLOAD_RULES = {
  image: { accept: ['jpg', 'png', 'webp'], maxBytes: 10 * MB },
  file: { accept: ['pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'png', 'webp'], maxBytes: 25 * MB },
} as const satisfies Record<string, UploadRule>

/** The whole request of an upload may carry its file and 1 MB of form framing. */
export const CONTENT_UPLOAD_BODY_LIMIT = 26 * MB

/** The column value naming an uploaded file: `file:{id}:{size}:{extension}`. */
export function uploadRef(row: FileRow): string {
  return `file:${row.id}:${row.size}:${row.file_extension}`
}

const REF = /^file:([A-Za-z0-9_-]{8,64}):(\d{1,10}):(jpg|png|webp|pdf|docx|pptx|xlsx)$/

/** The parts of an upload reference, or null for anything else (an illustration's name, nothing). */
export function parseUploadRef(
  value: unknown,
): { id: string; size: number; ext: FileKind; contentType: string } | null {
  const m = typeof value === 'string' ? REF.exec(value) : null
  if (!m) return null
  const ext = m[3] as FileKind
  return { id: m[1]!, size: Number(m[2]), ext, contentType: CONTENT_TYPES[ext] }
}

/** The ids of uploads a save's values name: by reference in a file or image field, by site path in rich text. */
const NAMED_UPLOAD =
  /(?:^|["\s])file:([A-Za-z0-9_-]{8,64}):\d|\/document\/public\/file\/([A-Za-z0-9_-]{8,64})(?![A-Za-z0-9_-])/g

/** The uploads named anywhere in `values` (a save's fields and children, as JSON). */
export function namedUploads(...values: unknown[]): string[] {
  const ids = new Set<string>()
  for (const m of JSON.stringify(values).matchAll(NAMED_UPLOAD)) ids.add((m[1] ?? m[2])!)
  return [...ids]
}
