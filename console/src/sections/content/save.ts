/**
 * A content form's way to the gateway (docs/decisions/0030-operator-console.md#content-screens): the kinds it is drawn
 * from, its files sent ahead to R2, its values as the save's body, and a refusal mapped back to the fields of the form.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Locale } from '../../../../contract/locales'
import { type ContentKind, ContentKindsSchema, UploadedSchema } from '../../../../contract/operators/content'
import type { UsedBy } from '../../../../contract/operators/envelope'
import type { Translate } from '../../../../shared/i18n/i18n'
import { gatewayFor } from '../../api'
import { translateCode, translator } from '../../i18n'
import { renderRefusal } from '../../refusal'
import { type Ctx, renderFailure } from '../../screen'
import type { FormProblem } from '../../ui'
import { readMultipart, saveOf } from './form'
import { fieldAt } from './kinds'
import { columnLabel, kindName } from './names'

/** Every kind as the gateway describes it, in its order and by name. */
export type Kinds = { list: ContentKind[]; byName: Map<string, ContentKind> }

/** The kinds of content as the gateway describes them (the forms are drawn from these); a Response when it fails. */
export async function readKinds(c: Ctx): Promise<Kinds | Response> {
  const answer = await gatewayFor(c).get('/core/operator/content/kinds', ContentKindsSchema)
  if (!answer.ok) return renderFailure(c, answer)
  const list = answer.content.kinds
  return { list, byName: new Map(list.map((k) => [k.kind, k])) }
}

/**
 * The kind the address names, published on its own or reference data, with every kind's description; a Response when
 * there is none.
 */
export async function kindOfRequest(
  c: Ctx,
): Promise<{ kind: ContentKind; kinds: Map<string, ContentKind> } | Response> {
  const kinds = await readKinds(c)
  if (kinds instanceof Response) return kinds
  const kind = kinds.byName.get(c.req.param('kind') ?? '')
  if (!kind || !(kind.publishable || kind.reference)) return renderRefusal(c, 404, 'not_found')
  return { kind, kinds: kinds.byName }
}

/** Why a save was refused: the upload's checks, or the gateway's answer. */
export type SaveRefusal = {
  status: number
  code: string
  errors: string[]
  fieldCodes?: Record<string, string>
  usedBy?: UsedBy[]
}

/** What points at an item, as the refusal of its removal names it: "Appeals: 2, Registrations: 1". */
export function usedByText(t: Translate, usedBy: readonly UsedBy[]): string {
  return usedBy.map((u) => `${t(`bin.usedBy.${u.what}`)}: ${u.count}`).join(', ')
}

/** A content form sent to be saved: its kind, its fields and files (new files already in R2), and what it sends. */
export type ContentSave = {
  lang: Locale
  t: Translate
  kind: ContentKind
  kinds: Map<string, ContentKind>
  fields: Record<string, string>
  refused: SaveRefusal | null
  body: Record<string, unknown>
  formName: (path: string) => string
}

/**
 * Sends the form's new files to R2 through the gateway (an image's or a file's checks by the field's type); each
 * file's reference replaces its field's value, and a removed file's field is emptied. The refusals, by field.
 */
async function uploadFiles(
  c: Ctx,
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  form: { fields: Record<string, string>; files: Record<string, File> },
): Promise<SaveRefusal | null> {
  for (const [key, value] of Object.entries(form.fields))
    if (key.startsWith('remove.') && value === 'true') form.fields[key.slice(7)] = ''
  const fieldCodes: Record<string, string> = {}
  const api = gatewayFor(c)
  for (const [key, file] of Object.entries(form.files)) {
    if (!key.startsWith('file.')) continue
    const name = key.slice(5)
    const [owner, col] = fieldAt(kind, kinds, name)
    const field = owner.fields.find((f) => f.name === col)
    if (field?.type !== 'image' && field?.type !== 'file') continue
    const answer = await api.upload('/core/operator/content/files', UploadedSchema, file, { type: field.type })
    if (answer.ok) form.fields[name] = answer.content.ref
    else fieldCodes[name] = answer.code
  }
  const errors = Object.keys(fieldCodes)
  return errors.length ? { status: 422, code: 'validation_error', errors, fieldCodes } : null
}

/** Reads a new or edited item's form and uploads its files; a Response when there is no such kind to save. */
export async function readContentSave(c: Ctx): Promise<ContentSave | Response> {
  const found = await kindOfRequest(c)
  if (found instanceof Response) return found
  const { kind, kinds } = found
  const form = await readMultipart(c)
  const refused = await uploadFiles(c, kind, kinds, form)
  const { body, formName } = saveOf(kind, kinds, form.fields)
  const lang = c.get('lang')
  return { lang, t: translator(lang), kind, kinds, fields: form.fields, refused, body, formName }
}

/** A refused save's status: 422 for what the editor can fix, 502 when the gateway failed (the form is kept anyway). */
export const saveStatus = (why: { status: number }): ContentfulStatusCode => (why.status >= 500 ? 502 : 422)

/** The refusal of a save: each field's message beside it by its name in the form, and the summary's links to them. */
export function refusalOf(
  save: ContentSave,
  why: SaveRefusal,
): { problem: FormProblem; errors: Record<string, string> } {
  const { t, kind, kinds } = save
  const errors: Record<string, string> = {}
  for (const path of why.errors) {
    const key = `content.errors.${why.fieldCodes?.[path] ?? 'invalid'}`
    const text = t(key)
    errors[save.formName(path)] = text === key ? t('content.errors.invalid') : text
  }
  return {
    errors,
    problem: {
      message:
        why.code === 'in_use' ? t('bin.inUse', { uses: usedByText(t, why.usedBy ?? []) }) : translateCode(t, why.code),
      fields: Object.entries(errors).map(([name, message]) => {
        const [owner, col] = fieldAt(kind, kinds, name)
        const label = columnLabel(t, owner, col)
        return {
          id: `f-${name}`,
          message: `${owner === kind ? label : `${kindName(t, owner.kind)}, ${label}`}: ${message}`,
        }
      }),
    },
  }
}
