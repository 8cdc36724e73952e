/**
 * An item's form, drawn from its kind's description (docs/decisions/0030-operator-console.md#content-screens): a
 * control per field (uz, ru and en side by side for a localised one), uploads that keep what is stored, and the rows of
 * its child kinds.
 */
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { ContentField, ContentKind } from '../../../../contract/operators/content'
import type { FieldType } from '../../../../contract/operators/values'
import { LOCALE_NAMES } from '../../../../shared/constants'
import type { Translate } from '../../../../shared/i18n/i18n'
import { childRows } from './kinds'
import { fieldLabel, humanize, kindName, known, titleIn } from './names'

type Common = { t: Translate; lang: Locale }

const fieldId = (name: string) => `f-${name}`

/** What the form's fields share: the page's language, the values and errors by form name, the names' prefix. */
export type FieldsCtx = {
  t: Translate
  lang: Locale
  values: Record<string, string>
  errors: Record<string, string>
  /** `''` for the item's own fields, `c.{kind}.{row}.` for a child's (nested: a prefix per level). */
  prefix: string
}

/** A choice or reference field's choices: its options as the catalogue names them, or the rows it refers to. */
export function choicesOf(ctx: FieldsCtx, field: ContentField): { value: string; label: string }[] {
  if (field.ref)
    return field.ref.choices.map((c) => ({ value: String(c.id), label: titleIn(ctx.lang, c.label) || String(c.id) }))
  return (field.options ?? []).map((o) => ({
    value: o,
    label: known(ctx.t, `content.options.${field.name}.${o}`, humanize(o)),
  }))
}

const INPUT_TYPES: Partial<Record<FieldType, string>> = {
  email: 'email',
  url: 'url',
  phone: 'tel',
  date: 'date',
  datetime: 'datetime-local',
  time: 'time',
}

/** One control of a field (one language's, for a localised one). */
function Control({
  ctx,
  field,
  name,
  describedBy,
  inLang,
}: {
  ctx: FieldsCtx
  field: ContentField
  name: string
  describedBy: string
  inLang?: Locale
}) {
  const error = ctx.errors[name]
  const value = ctx.values[name] ?? ''
  const common = {
    id: fieldId(name),
    name,
    lang: inLang,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  }
  // A draft may lack a language; the other controls ask the browser for what the gateway requires anyway.
  const required = !!field.required && !field.localized
  const max = field.max ?? undefined
  switch (field.type) {
    case 'longtext':
    case 'html':
      return (
        <textarea
          className="input input--textarea"
          rows={field.type === 'html' ? 12 : 5}
          maxLength={max}
          defaultValue={value}
          spellCheck={field.type !== 'html'}
          data-rich-text={field.type === 'html' ? '' : undefined}
          {...common}
        />
      )
    case 'bool':
      return <input type="checkbox" value="true" defaultChecked={value === 'true'} {...common} />
    case 'choice':
    case 'ref':
      return (
        <select className="input input--select" defaultValue={value} required={required} {...common}>
          <option value="">{ctx.t('content.choose')}</option>
          {choicesOf(ctx, field).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )
    case 'number':
      return <input className="input" inputMode="decimal" defaultValue={value} required={required} {...common} />
    default:
      return (
        <input
          className="input"
          type={INPUT_TYPES[field.type] ?? 'text'}
          maxLength={max}
          defaultValue={value}
          required={required}
          {...common}
        />
      )
  }
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null
}

/**
 * A field in three languages: a fieldset whose languages stand one under the other at the form's full width, each
 * flagged when it is empty. The content form's script shows them one at a time or two side by side
 * (docs/decisions/0055-console-editor.md#the-form).
 */
function LocalizedField({ ctx, field, isTitle }: { ctx: FieldsCtx; field: ContentField; isTitle: boolean }) {
  const { t } = ctx
  const hint = field.type === 'html' ? t('content.htmlHint') : null
  const hintId = `${fieldId(ctx.prefix + field.name)}-hint`
  return (
    <fieldset
      className="console-langs"
      data-localized=""
      data-type={field.type}
      data-required={field.required ? '' : undefined}
      data-title={isTitle ? '' : undefined}
    >
      <legend>
        {fieldLabel(t, field.name)}
        {field.required ? <span className="visually-hidden"> {t('content.required')}</span> : null}
      </legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="console-langs__columns">
        {LOCALES.map((l) => {
          const name = `${ctx.prefix}${field.name}_${l}`
          const id = fieldId(name)
          const error = ctx.errors[name]
          const flag = field.required && !ctx.values[name]?.trim() ? `${id}-missing` : ''
          return (
            <div key={l} className={`field${error ? ' field--error' : ''}`} data-lang={l}>
              <label className="field__label" htmlFor={id}>
                <span lang={l}>{LOCALE_NAMES[l]}</span>
                {/* In the label, so a screen reader hears the gap with the language's name. */}
                {flag ? (
                  <span className="badge badge--waiting" id={flag}>
                    {t('content.notTranslated')}
                  </span>
                ) : null}
              </label>
              <FieldError id={id} error={error} />
              <Control
                ctx={ctx}
                field={field}
                name={name}
                inLang={l}
                describedBy={[hint ? hintId : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')}
              />
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** An image or file: what is stored, a file to replace it, and a way to remove it. */
function UploadField({ ctx, field }: { ctx: FieldsCtx; field: ContentField }) {
  const { t } = ctx
  const name = ctx.prefix + field.name
  const id = fieldId(name)
  const error = ctx.errors[name]
  const value = ctx.values[name] ?? ''
  const hintId = `${id}-hint`
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {fieldLabel(t, field.name, field.type)}
        {field.required ? <span className="visually-hidden"> {t('content.required')}</span> : null}
      </label>
      <p className="field__hint" id={hintId}>
        {t(field.type === 'image' ? 'content.imageHint' : 'content.fileHint')}
      </p>
      <FieldError id={id} error={error} />
      {/* What is stored (or was uploaded with a form that came back with errors) stays unless replaced. */}
      <input type="hidden" name={name} value={value} />
      {value ? (
        <p className="console-upload__current">
          {t('content.currentFile')} <code>{value}</code>{' '}
          <label>
            <input type="checkbox" name={`remove.${name}`} value="true" /> {t('content.removeFile')}
          </label>
        </p>
      ) : null}
      <input
        className="input"
        id={id}
        name={`file.${name}`}
        type="file"
        accept={field.type === 'image' ? 'image/jpeg,image/png,image/webp' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
    </div>
  )
}

function SingleField({ ctx, field }: { ctx: FieldsCtx; field: ContentField }) {
  const { t } = ctx
  const name = ctx.prefix + field.name
  const id = fieldId(name)
  const error = ctx.errors[name]
  const hint = field.type === 'datetime' ? t('content.timeHint') : field.type === 'slug' ? t('content.slugHint') : null
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const label = (
    <>
      {fieldLabel(t, field.name)}
      {field.required ? <span className="visually-hidden"> {t('content.required')}</span> : null}
    </>
  )
  if (field.type === 'bool')
    return (
      <div className={`field field--check${error ? ' field--error' : ''}`}>
        <FieldError id={id} error={error} />
        <Control ctx={ctx} field={field} name={name} describedBy={describedBy} /> <label htmlFor={id}>{label}</label>
      </div>
    )
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
      <Control ctx={ctx} field={field} name={name} describedBy={describedBy} />
    </div>
  )
}

/** Every field of a kind, and the rows of its child kinds. */
function Fields({ ctx, kind, kinds }: { ctx: FieldsCtx; kind: ContentKind; kinds: Map<string, ContentKind> }) {
  return (
    <>
      {kind.fields.map((field) =>
        field.localized ? (
          <LocalizedField
            key={field.name}
            ctx={ctx}
            field={field}
            isTitle={!ctx.prefix && field.name === kind.title_field}
          />
        ) : field.type === 'image' || field.type === 'file' ? (
          <UploadField key={field.name} ctx={ctx} field={field} />
        ) : (
          <SingleField key={field.name} ctx={ctx} field={field} />
        ),
      )}
      {(kind.children ?? []).map((name) => {
        const child = kinds.get(name)
        return child ? <ChildRows key={name} ctx={ctx} kind={child} kinds={kinds} /> : null
      })}
    </>
  )
}

/** Empty rows a form offers for new children of each kind. */
const NEW_CHILD_ROWS = 2

/** A child kind's rows: those there are, and empty ones for new children; each can be removed. */
function ChildRows({ ctx, kind, kinds }: { ctx: FieldsCtx; kind: ContentKind; kinds: Map<string, ContentKind> }) {
  const { t } = ctx
  const rows = childRows(ctx.values, ctx.prefix, kind.kind)
  const next = rows.length ? rows[rows.length - 1]! + 1 : 0
  const all = [...rows, ...Array.from({ length: NEW_CHILD_ROWS }, (_, i) => next + i)]
  const label = kindName(t, kind.kind)
  return (
    <fieldset className="console-children">
      <legend>{label}</legend>
      <p className="field__hint">{t('content.childrenHint')}</p>
      {all.map((row, i) => {
        const prefix = `${ctx.prefix}c.${kind.kind}.${row}.`
        const id = ctx.values[`${prefix}id`]
        const isNew = !rows.includes(row)
        return (
          <fieldset key={prefix} className="console-child">
            <legend>
              {isNew ? t('content.newChild', { kind: label }) : t('content.child', { kind: label, n: i + 1 })}
            </legend>
            <input type="hidden" name={`${prefix}row`} value="1" />
            {id ? <input type="hidden" name={`${prefix}id`} value={id} /> : null}
            {isNew ? null : (
              <div className="field field--check">
                <input type="checkbox" id={fieldId(`${prefix}remove`)} name={`${prefix}remove`} value="true" />{' '}
                <label htmlFor={fieldId(`${prefix}remove`)}>{t('content.removeChild')}</label>
              </div>
            )}
            <Fields ctx={{ ...ctx, prefix }} kind={kind} kinds={kinds} />
          </fieldset>
        )
      })}
    </fieldset>
  )
}

/** The form of an item, drawn from its kind's fields. */
export function ItemForm({
  t,
  lang,
  action,
  kind,
  kinds,
  values,
  errors,
  submit,
  scriptData,
}: Common & {
  action: string
  kind: ContentKind
  kinds: Map<string, ContentKind>
  values: Record<string, string>
  errors: Record<string, string>
  submit: string
  /** What the form's scripts read (`data-*`): their texts, the item's drafts' key, the editor's calls. */
  scriptData: Record<`data-${string}`, string>
}) {
  return (
    <form
      className="form console-panel content-form"
      method="post"
      action={action}
      encType="multipart/form-data"
      data-upload-progress=""
      data-content-form=""
      {...scriptData}
    >
      {/* The languages' tabs control this part of the form (docs/decisions/0055-console-editor.md#the-form). */}
      <div id="content-fields">
        <Fields ctx={{ t, lang, values, errors, prefix: '' }} kind={kind} kinds={kinds} />
      </div>
      <div className="form__actions">
        <button className="btn btn--solid btn--primary" type="submit">
          {submit}
        </button>
      </div>
      {/* The upload script shows it while the files are on their way
          (docs/decisions/0030-operator-console.md#content-screens). */}
      <div className="field" data-upload-status="" hidden>
        <label className="field__label" htmlFor="upload-progress">
          {t('content.uploading')}
        </label>
        <progress id="upload-progress" max={1} value={0} />
      </div>
    </form>
  )
}
