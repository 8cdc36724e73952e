/**
 * Helpers the public content calls share (content, guide, services, trading): the request language, File objects for
 * generated art and uploads, ids, and the item a valid preview token shows.
 */
import type { Context } from 'hono'
import { isLocale, type Locale } from '../../../../contract/locales'
import { readConfig } from '../../lib/config'
import type { AppEnv } from '../../lib/context'
import type { Preview } from '../../lib/db'
import { GatewayError } from '../../lib/envelope'
import { readLang } from '../../lib/lang'
import { parseUploadRef } from '../publishing/uploads'
import { ART_NAME, renderArt } from './svg-art'

/** The content calls' Hono environment: the gateway's, whose `preview` the preview middleware sets. */
export type ContentEnv = AppEnv

/** The request language: Accept-Language, or `?lang=` on download links (a browser sends its own Accept-Language). */
export function langOf(c: Context<ContentEnv>): Locale {
  const q = c.req.query('lang')
  return isLocale(q) ? q : readLang(c.req.header('accept-language'))
}

/** A numeric path id, or a 404 (a non-numeric id names nothing). */
export function readId(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw new GatewayError(404, 'not_found')
  return Number(value)
}

/** An optional numeric filter from the query; anything else is a validation error naming the field. */
export function readOptionalId(c: Context<ContentEnv>, name: string): number | null {
  const value = c.req.query(name)
  if (value === undefined || value === '') return null
  if (!/^\d{1,12}$/.test(value)) throw new GatewayError(422, 'validation_error', 'validation_error', [name])
  return Number(value)
}

/** The unpublished item the request's preview token shows, if any (docs/gateway-contract.md#preview). */
export function previewOf(c: Context<ContentEnv>): Preview {
  return c.get('preview') ?? null
}

const EPOCH = '2025-01-01T00:00:00.000Z'

/**
 * docs/gateway-contract.md#file-object for an image column: a generated illustration (the link serves an SVG drawn from
 * the name) or an editor's upload (`file:{id}:{size}:{ext}`, served from R2 at `/document/public/file/{id}`).
 */
export function artFile(c: Context<ContentEnv>, name: unknown, originalName?: string) {
  const upload = parseUploadRef(name)
  if (upload) {
    const link = `${readConfig(c.env).publicBase}/document/public/file/${upload.id}`
    const fileName = `${upload.id}.${upload.ext}`
    return {
      id: upload.id,
      size: upload.size,
      path: `content/${fileName}`,
      file_name: fileName,
      original_name: originalName ?? fileName,
      file_extension: upload.ext,
      content_type: upload.contentType,
      download_link: link,
      thumbnail_link: upload.contentType.startsWith('image/') ? link : null,
      created_at: EPOCH,
      updated_at: EPOCH,
    }
  }
  if (typeof name !== 'string' || !ART_NAME.test(name)) return null
  const base = `${readConfig(c.env).publicBase}/document/public/art`
  return {
    id: name,
    size: renderArt(name).length,
    path: `art/${name}.svg`,
    file_name: `${name}.svg`,
    original_name: originalName ?? `${name}.svg`,
    file_extension: 'svg',
    content_type: 'image/svg+xml',
    download_link: `${base}/${name}.svg`,
    thumbnail_link: `${base}/${name}_4x3.svg`,
    created_at: EPOCH,
    updated_at: EPOCH,
  }
}

/**
 * docs/gateway-contract.md#file-object for a generated download (agenda, document template); `lang` pins the language
 * of the download.
 */
export function generatedFile(
  c: Context<ContentEnv>,
  path: string,
  fileName: string,
  contentType: string,
  size: number,
  lang: Locale,
) {
  const link = `${readConfig(c.env).publicBase}/document/public/${path}?lang=${lang}`
  return {
    id: path,
    size,
    path,
    file_name: fileName,
    original_name: fileName,
    file_extension: fileName.split('.').pop() ?? '',
    content_type: contentType,
    download_link: link,
    thumbnail_link: null,
    created_at: EPOCH,
    updated_at: EPOCH,
  }
}

/** Throws the `not_found` envelope (404). */
export function notFound(): never {
  throw new GatewayError(404, 'not_found')
}
