/** Uploads: size limits, type sniffing by magic bytes, R2 storage under server-generated keys, `File` views. */

import { createSecret } from '../../lib/crypto'
import { GatewayError } from '../../lib/envelope'
import { failValidation } from '../../lib/validate'
import { deleteFileRows, type FileRow, insertFile, readFiles } from './queries'

/** File types the gateway accepts, named by their extension. */
export type FileKind = 'jpg' | 'png' | 'webp' | 'pdf' | 'docx' | 'pptx' | 'xlsx'

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png', 'webp']
const MB = 1024 * 1024

/** Accepted types and size cap of one upload slot. */
export type UploadRule = { accept: readonly FileKind[]; maxBytes: number }

/** Limits per upload slot (docs/gateway-contract.md#uploads). */
export const UPLOAD_RULES = {
  projectImage: { accept: IMAGE_KINDS, maxBytes: 10 * MB },
  presentation: { accept: ['pdf', 'pptx', 'docx', 'xlsx'], maxBytes: 25 * MB },
  passport: { accept: ['pdf', 'jpg', 'png'], maxBytes: 10 * MB },
  photo: { accept: IMAGE_KINDS, maxBytes: 10 * MB },
} as const satisfies Record<string, UploadRule>

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b)
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0))

/** Names of the entries in a ZIP's central directory (empty when it is not a readable ZIP). */
function readZipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const lowest = Math.max(0, bytes.length - 22 - 0xffff)
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) !== 0x06054b50) continue
    const count = view.getUint16(i + 10, true)
    let p = view.getUint32(i + 16, true)
    const names: string[] = []
    const decoder = new TextDecoder()
    for (let n = 0; n < count && p + 46 <= bytes.length; n++) {
      if (view.getUint32(p, true) !== 0x02014b50) break
      const nameLength = view.getUint16(p + 28, true)
      names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)))
      p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true)
    }
    return names
  }
  return []
}

/** The file's real type from its leading bytes (and, for Office Open XML, its ZIP entries); null if unknown. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = new Set(readZipEntryNames(bytes))
    if (!names.has('[Content_Types].xml')) return null
    if (names.has('word/document.xml')) return 'docx'
    if (names.has('ppt/presentation.xml')) return 'pptx'
    if (names.has('xl/workbook.xml')) return 'xlsx'
  }
  return null
}

/** An upload that passed the checks, not yet stored. */
export type CheckedUpload = { bytes: Uint8Array; kind: FileKind; originalName: string }

function cleanOriginalName(name: string, kind: FileKind): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(0, 200)
  return clean || `file.${kind}`
}

/**
 * Checks one multipart field against its rule: present → 422 `validation_error`; size → 413 `file_too_large`;
 * sniffed type → 415 `unsupported_file_type`. The declared name and Content-Type are ignored.
 */
export async function checkUpload(value: unknown, rule: UploadRule, field: string): Promise<CheckedUpload> {
  if (!(value instanceof File) || value.size === 0) failValidation([field])
  if (value.size > rule.maxBytes) throw new GatewayError(413, 'file_too_large', 'file_too_large', [field])
  const bytes = new Uint8Array(await value.arrayBuffer())
  const kind = sniffFileKind(bytes)
  if (!kind || !rule.accept.includes(kind)) {
    throw new GatewayError(415, 'unsupported_file_type', 'unsupported_file_type', [field])
  }
  return { bytes, kind, originalName: cleanOriginalName(value.name, kind) }
}

/** Stores a checked upload in R2 under `{prefix}/{random id}.{ext}` and records its metadata. */
export async function saveUpload(
  env: Env,
  upload: CheckedUpload,
  options: {
    prefix: string
    ownerUserId: number | null
    isPublic: boolean
    now: Date
    /** Statements for the same batch as the file's row (an audit row): none of them is written without the others. */
    alongside?: (row: FileRow) => D1PreparedStatement[]
  },
): Promise<FileRow> {
  const id = createSecret(16)
  const fileName = `${id}.${upload.kind}`
  const key = `${options.prefix}/${fileName}`
  const contentType = CONTENT_TYPES[upload.kind]
  await env.UPLOADS.put(key, upload.bytes, {
    httpMetadata: { contentType },
    customMetadata: { originalName: encodeURIComponent(upload.originalName) },
  })
  const at = options.now.toISOString()
  const row: FileRow = {
    id,
    r2_key: key,
    size: upload.bytes.byteLength,
    file_name: fileName,
    original_name: upload.originalName,
    file_extension: upload.kind,
    content_type: contentType,
    is_public: options.isPublic ? 1 : 0,
    created_at: at,
    updated_at: at,
  }
  try {
    await insertFile(env.DB, row, options.ownerUserId, options.alongside?.(row) ?? [])
  } catch (error) {
    await env.UPLOADS.delete(key)
    throw error
  }
  return row
}

/** Deletes stored files (objects and metadata) by id; unknown ids are ignored. Answers how many there were. */
export async function deleteFiles(env: Env, ids: (string | null)[]): Promise<number> {
  const rows = await readFiles(env.DB, [...new Set(ids.filter((id): id is string => !!id))])
  if (rows.length === 0) return 0
  await env.UPLOADS.delete(rows.map((r) => r.r2_key))
  await deleteFileRows(
    env.DB,
    rows.map((r) => r.id),
  )
  return rows.length
}

/** Deletes a stored file (object and metadata); unknown ids are ignored. */
export async function deleteFile(env: Env, id: string | null): Promise<void> {
  await deleteFiles(env, [id])
}

/**
 * The `File` object of docs/gateway-contract.md for a user's upload, as its owner reads it: linked to the owner's own
 * route, which serves it before its project is approved too (docs/security.md#uploads).
 */
export function toFileView(row: FileRow, publicBase: string) {
  const link = `${publicBase}/document/project/file/${row.id}`
  return {
    id: row.id,
    size: row.size,
    path: row.r2_key,
    file_name: row.file_name,
    original_name: row.original_name,
    file_extension: row.file_extension,
    content_type: row.content_type,
    download_link: link,
    thumbnail_link: row.content_type.startsWith('image/') ? link : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** Loads file rows by id into a map (missing ids are absent). */
export async function readFileRows(db: D1Database, ids: (string | null)[]): Promise<Map<string, FileRow>> {
  const rows = await readFiles(db, [...new Set(ids.filter((id): id is string => !!id))])
  return new Map(rows.map((r) => [r.id, r]))
}

/** `Content-Disposition` for a download: images inline, everything else as an attachment (RFC 6266). */
export function contentDisposition(row: FileRow): string {
  const type = row.content_type.startsWith('image/') ? 'inline' : 'attachment'
  const fallback = row.original_name.replace(/[^\x20-\x7e]|[\\"%;]/g, '_')
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`
}
