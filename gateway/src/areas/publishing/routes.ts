/**
 * `/core/operator/content/*`: editors' and admins' publishing calls (docs/gateway-contract.md#operator-content) — the
 * kinds and their fields, lists and items of every kind and of the reference data, saves, publish and unpublish,
 * deletes, uploads and preview links — mounted behind the operator routes' Access check and the `content` area; and
 * `/core/operator/bin/*`, the admins' bin (docs/gateway-contract.md#operator-bin). Every change is audited.
 */
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { LOCALES } from '../../../../contract/locales'
import { PUBLICATIONS } from '../../../../contract/operators/values'
import { scheduleVersionPush } from '../../integrations/realtime'
import { readConfig } from '../../lib/config'
import { type AppEnv, requestScope } from '../../lib/context'
import { GatewayError, ok } from '../../lib/envelope'
import { pageable, readPaging } from '../../lib/paging'
import { IdSchema, parseInput, readJson, readQuery } from '../../lib/validate'
import { checkUpload, contentDisposition, saveUpload } from '../documents/files'
import { auditStatement, contentAuditTarget, recordRead } from '../operators/audit/audit'
import { deleteItem, listBin, restoreFromBin } from './bin'
import type { Values } from './fields'
import { KIND_NAMES } from './kinds'
import { PREVIEW_TTL_MS, signPreview } from './preview'
import {
  createItem,
  describeKinds,
  listItems,
  publishItem,
  readItem,
  requireKind,
  unpublishItem,
  updateItem,
} from './publishing'
import { readContentUpload, readRow } from './queries'
import { CONTENT_UPLOAD_RULES, uploadRef } from './uploads'
import { readContentVersion } from './version'

/** The publishing routes, mounted at `/core/operator/content`. */
export const operatorContentRoutes = new Hono<AppEnv>()

/**
 * After a save, a publish or an unpublish, the portal is told the content version (docs/gateway-contract.md#content-version):
 * readers see the change without the portal asking on every page. A save that moved nothing pushes the same number,
 * which the portal ignores.
 */
function pushVersion(c: Context<AppEnv>): void {
  scheduleVersionPush(requestScope(c), (env) => readContentVersion(env.DB))
}

const ParamsSchema = v.object({ kind: v.string(), id: IdSchema })
const ListQuerySchema = v.object({
  publication: v.optional(v.picklist(PUBLICATIONS)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  /** Most enquiries first, for a kind that counts them. */
  sort: v.optional(v.picklist(['interest'])),
})
const SaveSchema = v.object({
  values: v.record(v.pipe(v.string(), v.maxLength(80)), v.unknown()),
  children: v.optional(v.unknown()),
})
const PublishSchema = v.object({
  publish_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp()))),
  confirm_incomplete: v.optional(v.boolean(), false),
})

operatorContentRoutes.get('/kinds', async (c) => {
  const specs = KIND_NAMES.map((name) => requireKind(name))
  return ok(c, { kinds: await describeKinds(c.env.DB, specs) })
})

// An upload for a content field or rich text (an image, or a file of a post): checked by its bytes and size, stored in
// R2, named by the reference the field then holds, and public only once a save names it (docs/security.md#uploads).
operatorContentRoutes.post('/files', async (c) => {
  const form = await c.req.formData().catch(() => null)
  if (!form) throw new GatewayError(422, 'validation_error', 'validation_error', ['file'])
  const slot = form.get('type') === 'image' ? 'image' : 'file'
  const upload = await checkUpload(form.get('file'), CONTENT_UPLOAD_RULES[slot], 'file')
  const now = new Date()
  // Audited with the file's row, in one batch (docs/security.md#operator-surface): the file's id is text, so the row
  // names it in `after`.
  const row = await saveUpload(c.env, upload, {
    prefix: 'content',
    ownerUserId: null,
    isPublic: false,
    now,
    alongside: (file) => [
      auditStatement(
        c.env.DB,
        c.get('operator').id,
        { action: 'file.upload', kind: 'file', id: 0 },
        null,
        { file: file.id, name: file.original_name, type: file.content_type, size: file.size },
        now,
      ),
    ],
  })
  const { portalOrigin, publicBase } = readConfig(c.env)
  return c.json(
    {
      result: { code: 'ok', description: '' },
      content: {
        ref: uploadRef(row),
        url: `${portalOrigin}${publicBase}/document/public/file/${row.id}`,
        content_type: row.content_type,
        size: row.size,
        original_name: row.original_name,
      },
    },
    201,
  )
})

// An editor's upload as the console's editor shows it, saved into an item or not yet; never cached.
operatorContentRoutes.get('/files/:id{[A-Za-z0-9_-]{8,64}}', async (c) => {
  const row = await readContentUpload(c.env.DB, c.req.param('id'))
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

operatorContentRoutes.get('/:kind', async (c) => {
  const spec = requireKind(c.req.param('kind'))
  if (spec.parent) throw new GatewayError(404, 'not_found')
  const query = readQuery(c)
  const filter = parseInput(ListQuerySchema, {
    publication: query.publication || undefined,
    q: query.q || undefined,
    sort: query.sort || undefined,
  })
  if (filter.sort && !spec.interest) throw new GatewayError(422, 'validation_error', 'validation_error', ['sort'])
  // A kind with a choice to list by (posts by category) takes it as a query parameter of its name.
  const field = spec.fields.find((f) => f.name === spec.filter)
  const choice = field ? query[field.name] || undefined : undefined
  if (choice !== undefined && !field?.options?.includes(choice))
    throw new GatewayError(422, 'validation_error', 'validation_error', [field!.name])
  const paging = readPaging(query, 20)
  const { items, total } = await listItems(c.env.DB, spec, { ...filter, choice }, paging)
  return ok(c, { items }, pageable(paging, total))
})

operatorContentRoutes.post('/:kind', async (c) => {
  const spec = requireKind(c.req.param('kind'))
  const body = parseInput(SaveSchema, await readJson(c))
  const store = { db: c.env.DB, portalOrigin: readConfig(c.env).portalOrigin }
  const id = await createItem(store, spec, c.get('operator').id, body as { values: Values }, new Date())
  return c.json({ result: { code: 'ok', description: '' }, content: { id } }, 201)
})

operatorContentRoutes.get('/:kind/:id', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  return ok(c, await readItem(c.env.DB, requireKind(kind), id))
})

operatorContentRoutes.put('/:kind/:id', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  const spec = requireKind(kind)
  const body = parseInput(SaveSchema, await readJson(c))
  const store = { db: c.env.DB, portalOrigin: readConfig(c.env).portalOrigin }
  await updateItem(store, spec, c.get('operator').id, id, body as { values: Values }, new Date())
  pushVersion(c)
  return ok(c, { id })
})

operatorContentRoutes.post('/:kind/:id/publish', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  const spec = requireKind(kind)
  const input = parseInput(PublishSchema, await readJson(c))
  const result = await publishItem(
    c.env.DB,
    spec,
    c.get('operator').id,
    id,
    {
      publishAt: input.publish_at ? new Date(input.publish_at) : undefined,
      confirmIncomplete: input.confirm_incomplete,
    },
    new Date(),
  )
  pushVersion(c)
  return ok(c, { id, ...result })
})

// Into the bin, refused while records point at the item (docs/gateway-contract.md#operator-bin).
operatorContentRoutes.delete('/:kind/:id', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  const deleted = await deleteItem(c.env.DB, requireKind(kind), c.get('operator').id, id, new Date())
  return ok(c, { id, ...deleted })
})

operatorContentRoutes.post('/:kind/:id/unpublish', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  await unpublishItem(c.env.DB, requireKind(kind), c.get('operator').id, id, new Date())
  pushVersion(c)
  return ok(c, { id, publication: 'draft' })
})

/**
 * Signed, expiring links to the portal's page of an item, one per language (docs/gateway-contract.md#preview). The
 * portal draws the page itself, forwarding the token; nothing of it is cached.
 */
operatorContentRoutes.post('/:kind/:id/preview', async (c) => {
  const { kind, id } = parseInput(ParamsSchema, c.req.param())
  const spec = requireKind(kind)
  const { previewSecret, portalOrigin } = readConfig(c.env)
  if (!spec.publishable || !spec.path) throw new GatewayError(404, 'not_found')
  if (!previewSecret) throw new GatewayError(503, 'preview_unavailable')
  const row = await readRow(c.env.DB, spec, id)
  if (!row) throw new GatewayError(404, 'not_found')
  const now = new Date()
  const token = await signPreview(previewSecret, spec.kind, id, now)
  const path = spec.path(row)
  const links = Object.fromEntries(
    LOCALES.map((l) => [l, `${portalOrigin}/${l}${path === '/' ? '' : path}?preview=${encodeURIComponent(token)}`]),
  )
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS).toISOString()
  // A preview link shows an unpublished item to whoever holds it: who issued one, and until when, is audited.
  const subject = { action: 'content.preview', kind: contentAuditTarget(spec.kind), id } as const
  await recordRead(c.env.DB, c.get('operator').id, subject, { expires_at: expiresAt }, now)
  return ok(c, { links, expires_at: expiresAt })
})

/** The bin's routes, mounted at `/core/operator/bin` behind the `admin` area. */
export const operatorBinRoutes = new Hono<AppEnv>()

operatorBinRoutes.get('/', async (c) => {
  const paging = readPaging(readQuery(c), 20)
  const { items, total } = await listBin(c.env.DB, paging)
  return ok(c, { items }, pageable(paging, total))
})

operatorBinRoutes.post('/:id/restore', async (c) => {
  const id = parseInput(IdSchema, c.req.param('id'))
  return ok(c, await restoreFromBin(c.env.DB, id, c.get('operator').id, new Date()))
})
