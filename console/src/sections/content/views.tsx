/**
 * The editors' screens (docs/architecture.md#content-screens): the kinds of content, each kind's list, the form of an
 * item drawn from the kind's description (uz, ru and en side by side for text in three languages), publishing, and the
 * agency's contacts. Plain forms: files go with the form they belong to, so nothing needs a script.
 */
import type { ReactNode } from 'react'
import { LOCALES, type Locale } from '../../../../contract/locales'
import type {
  ContentChild,
  ContentField,
  ContentItem,
  ContentKind,
  ContentListItem,
} from '../../../../contract/operators/content'
import type { Pageable } from '../../../../contract/operators/envelope'
import {
  type FieldType,
  type Publication,
  SOCIAL_NETWORKS,
  PUBLICATIONS as STATES,
} from '../../../../contract/operators/values'
import { LOCALE_NAMES } from '../../../../shared/constants'
import type { Translate } from '../../../../shared/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, type FormProblem, Pager, Tabs, Time } from '../../ui'

type Common = { t: Translate; lang: Locale }

/** The list's tabs: every item, or those of one publication state. */
export const PUBLICATIONS = ['all', ...STATES] as const
export type PublicationFilter = (typeof PUBLICATIONS)[number]

/** The form's columns of a field: `title_uz`, `title_ru`, `title_en` for a localised one, its name otherwise. */
export const columnsOf = (field: ContentField): string[] =>
  field.localized ? LOCALES.map((l) => `${field.name}_${l}`) : [field.name]

/** A message of the catalogue, or `fallback` when it has none (a field or option the catalogue does not know yet). */
function known(t: Translate, key: string, fallback: string): string {
  const text = t(key)
  return text === key ? fallback : text
}

const humanize = (name: string) => name.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase())

export const kindName = (t: Translate, kind: string) => known(t, `content.kinds.${kind}`, humanize(kind))
/** A field's label; a child's upload held in its `name` column is named by what it is (an image, a file). */
function fieldLabel(t: Translate, name: string, type?: FieldType): string {
  if (name === 'name' && (type === 'image' || type === 'file')) return t(`content.fields.${type}`)
  return known(t, `content.fields.${name}`, humanize(name))
}

/** How the form names a column: the field, and the language of a localised one. */
export function columnLabel(t: Translate, kind: ContentKind, col: string): string {
  for (const field of kind.fields) {
    if (col === field.name) return fieldLabel(t, field.name, field.type)
    const l = LOCALES.find((x) => col === `${field.name}_${x}`)
    if (l) return `${fieldLabel(t, field.name)} (${LOCALE_NAMES[l]})`
  }
  return humanize(col)
}

/** An item's title in the page's language, else the first language that has one. */
function titleIn(lang: Locale, title: Partial<Record<Locale, string | null>>): string {
  return title[lang] || title.en || title.ru || title.uz || ''
}

/** The title of an item from its values (`title_en`, or a plain `title`). */
export function titleOfValues(lang: Locale, kind: ContentKind, values: Record<string, unknown>): string {
  const name = kind.title_field
  const plain = values[name]
  if (typeof plain === 'string' && plain) return plain
  const per = Object.fromEntries(LOCALES.map((l) => [l, values[`${name}_${l}`] as string | null]))
  return titleIn(lang, per)
}

// Tashkent keeps UTC+5 all year: the console's times are the agency's.
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000

/** A `datetime-local` value (Tashkent time) as an instant, or null when it is none. */
export function fromLocalTime(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim())
  if (!m) return null
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) - TASHKENT_OFFSET_MS
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/** An instant as a `datetime-local` value in Tashkent time; anything else as it is. */
function toLocalTime(value: string): string {
  const ms = Date.parse(value)
  if (!/T|\s\d/.test(value) || Number.isNaN(ms)) return value
  return new Date(ms + TASHKENT_OFFSET_MS).toISOString().slice(0, 16)
}

/** An item's stored values (and its children's, under `c.{kind}.{row}.`) as the form's text. */
function formValues(
  kind: ContentKind,
  kinds: Map<string, ContentKind>,
  values: Record<string, unknown>,
  children: Record<string, ContentChild[]> = {},
  prefix = '',
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of kind.fields) {
    for (const col of columnsOf(field)) {
      const value = values[col]
      const name = prefix + col
      if (field.type === 'bool') out[name] = value ? 'true' : ''
      else if (value === null || value === undefined) out[name] = ''
      else if (field.type === 'datetime') out[name] = toLocalTime(String(value))
      else out[name] = String(value)
    }
  }
  for (const [name, rows] of Object.entries(children)) {
    const child = kinds.get(name)
    if (!child) continue
    rows.forEach((row, i) => {
      const rowPrefix = `${prefix}c.${name}.${i}.`
      if (row.id !== undefined) out[`${rowPrefix}id`] = String(row.id)
      Object.assign(out, formValues(child, kinds, row.values, row.children, rowPrefix))
    })
  }
  return out
}

/** The languages an item lacks, as a list of their names in their own language. */
function MissingFlags({ t, missing }: { t: Translate; missing: readonly Locale[] }) {
  if (!missing.length) return <span>{t('content.complete')}</span>
  return (
    <ul className="console-flags" aria-label={t('content.missingLabel')}>
      {missing.map((l) => (
        <li key={l}>
          <span className="badge badge--waiting" lang={l}>
            {LOCALE_NAMES[l]}
          </span>
        </li>
      ))}
    </ul>
  )
}

function PublicationBadge({
  t,
  publication,
  at,
}: {
  t: Translate
  publication: Publication | null
  at?: string | null
}) {
  if (!publication) return null
  return (
    <>
      <Badge state={publication === 'published' ? 'approved' : publication === 'scheduled' ? 'reviewed' : 'pending'}>
        {t(`content.publication.${publication}`)}
      </Badge>
      {publication === 'scheduled' && at ? (
        <>
          {' '}
          <Time iso={at} />
        </>
      ) : null}
    </>
  )
}

/** The kinds an editor publishes, and the contacts. */
export function ContentHome({ t, lang, kinds }: Common & { kinds: ContentKind[] }) {
  return (
    <>
      <p>{t('content.intro')}</p>
      <ul className="console-tiles">
        {kinds
          .filter((k) => k.publishable)
          .map((k) => (
            <li key={k.kind}>
              <a className="console-tile" href={paths.contentKind(lang, k.kind)}>
                <span>{kindName(t, k.kind)}</span>
              </a>
            </li>
          ))}
        <li>
          <a className="console-tile" href={paths.siteSettings(lang)}>
            <span>{t('content.siteSettings.title')}</span>
          </a>
        </li>
      </ul>
    </>
  )
}

/** One kind's items: by publication (and by its filter field's choice), searchable, with the languages each lacks. */
export function ContentList({
  t,
  lang,
  kind,
  publication,
  choice,
  q,
  items,
  pageable,
}: Common & {
  kind: ContentKind
  publication: PublicationFilter
  /** The value of the kind's filter field the list shows, `''` for all. */
  choice: string
  q: string
  items: ContentListItem[]
  pageable: Pageable | null
}) {
  const filter = kind.fields.find((f) => f.name === kind.filter && f.options?.length)
  const query = (extra: Record<string, string | number | undefined>) => ({
    publication: publication === 'all' ? undefined : publication,
    ...(filter ? { [filter.name]: choice || undefined } : {}),
    q,
    ...extra,
  })
  const ctx: FieldsCtx = { t, lang, values: {}, errors: {}, prefix: '' }
  return (
    <>
      <p>
        <a className="btn btn--solid btn--primary" href={paths.contentNew(lang, kind.kind)}>
          {t('content.new')}
        </a>
      </p>
      <Tabs
        label={t('content.publicationFilter')}
        tabs={PUBLICATIONS.map((p) => ({
          label: t(`content.publications.${p}`),
          href: paths.contentKind(lang, kind.kind, query({ publication: p === 'all' ? undefined : p })),
          current: p === publication,
        }))}
      />
      <form className="console-filter" method="get" action={paths.contentKind(lang, kind.kind)} role="search">
        {publication !== 'all' ? <input type="hidden" name="publication" value={publication} /> : null}
        {filter ? (
          <div className="field">
            <label className="field__label" htmlFor="content-filter">
              {fieldLabel(t, filter.name)}
            </label>
            <select className="input input--select" id="content-filter" name={filter.name} defaultValue={choice}>
              <option value="">{t('content.publications.all')}</option>
              {choicesOf(ctx, filter).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="content-q">
            {t('content.search')}
          </label>
          <input className="input" id="content-q" name="q" type="search" maxLength={200} defaultValue={q} />
        </div>
        <button className="btn btn--outline btn--primary" type="submit">
          {t('content.find')}
        </button>
      </form>
      {items.length ? (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{t('content.listCaption', { kind: kindName(t, kind.kind) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content.itemTitle')}</th>
                <th scope="col">{t('content.state')}</th>
                <th scope="col">{t('content.missing')}</th>
                <th scope="col">{t('content.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-id={item.id}>
                  <td>
                    <a href={paths.contentItem(lang, kind.kind, item.id)}>
                      {titleIn(lang, item.title) || t('content.untitled', { id: item.id })}
                    </a>
                  </td>
                  <td>
                    <PublicationBadge t={t} publication={item.publication} at={item.publish_at} />
                  </td>
                  <td>
                    <MissingFlags t={t} missing={item.missing} />
                  </td>
                  <td>
                    <Time iso={item.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('list.empty')}</p>
      )}
      <Pager t={t} pageable={pageable} href={(page) => paths.contentKind(lang, kind.kind, query({ page }))} />
    </>
  )
}

/** What an item's screen shows besides its stored state: typed values, errors, the confirmation, preview links. */
export type ItemState = {
  values: Record<string, string> | null
  errors: Record<string, string>
  problem: FormProblem | null
  /** Which form the problem is about. */
  form: 'save' | 'publish' | null
  /** A publish the gateway held back because languages are missing: asked again with a confirmation. */
  confirm: { missing: Locale[]; publishAt: string } | null
  links: Partial<Record<Locale, string>> | null
}

export const NO_ITEM_STATE: ItemState = {
  values: null,
  errors: {},
  problem: null,
  form: null,
  confirm: null,
  links: null,
}

const fieldId = (name: string) => `f-${name}`

/** What the form's fields share: the page's language, the values and errors by form name, the names' prefix. */
type FieldsCtx = {
  t: Translate
  lang: Locale
  values: Record<string, string>
  errors: Record<string, string>
  /** `''` for the item's own fields, `c.{kind}.{row}.` for a child's (nested: a prefix per level). */
  prefix: string
}

function choicesOf(ctx: FieldsCtx, field: ContentField): { value: string; label: string }[] {
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

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null
}

/** A field in three languages: a fieldset whose columns are the languages, each flagged when it is empty. */
function LocalizedField({ ctx, field }: { ctx: FieldsCtx; field: ContentField }) {
  const { t } = ctx
  const hint = field.type === 'html' ? t('content.htmlHint') : null
  const hintId = `${fieldId(ctx.prefix + field.name)}-hint`
  return (
    <fieldset className="console-langs">
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
            <div key={l} className={`field${error ? ' field--error' : ''}`}>
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
          <LocalizedField key={field.name} ctx={ctx} field={field} />
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

/** The rows of a child kind present in the form's values (`{prefix}c.{kind}.{row}.…`), in order. */
export function childRows(values: Record<string, string>, prefix: string, kind: string): number[] {
  const head = `${prefix}c.${kind}.`
  const rows = new Set<number>()
  for (const key of Object.keys(values)) {
    if (!key.startsWith(head)) continue
    const row = Number(key.slice(head.length).split('.')[0])
    if (Number.isInteger(row) && row >= 0 && row < 1000) rows.add(row)
  }
  return [...rows].sort((a, b) => a - b)
}

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
function ItemForm({
  t,
  lang,
  action,
  kind,
  kinds,
  values,
  errors,
  submit,
}: Common & {
  action: string
  kind: ContentKind
  kinds: Map<string, ContentKind>
  values: Record<string, string>
  errors: Record<string, string>
  submit: string
}) {
  return (
    <form
      className="form console-panel"
      method="post"
      action={action}
      encType="multipart/form-data"
      data-upload-progress=""
    >
      <Fields ctx={{ t, lang, values, errors, prefix: '' }} kind={kind} kinds={kinds} />
      <div className="form__actions">
        <button className="btn btn--solid btn--primary" type="submit">
          {submit}
        </button>
      </div>
      {/* Shown by the upload script while the form's files are on their way (docs/architecture.md#content-screens). */}
      <div className="field" data-upload-status="" hidden>
        <label className="field__label" htmlFor="upload-progress">
          {t('content.uploading')}
        </label>
        <progress id="upload-progress" max={1} value={0} />
      </div>
    </form>
  )
}

/** Publishing an item: now, at a time, or taking it back; the confirmation for missing languages; preview links. */
function PublishPanel({
  t,
  lang,
  kind,
  item,
  state,
}: Common & { kind: ContentKind; item: ContentItem; state: ItemState }) {
  const publishError = state.form === 'publish' ? state.problem?.fields.find((f) => f.id === 'publish-at') : undefined
  const act = (action: 'publish' | 'unpublish' | 'preview') => paths.contentAction(lang, kind.kind, item.id, action)
  return (
    <section className="console-panel" aria-labelledby="publishing">
      <h2 id="publishing">{t('content.publishing')}</h2>
      <p>
        {t('content.state')}: <PublicationBadge t={t} publication={item.publication} at={item.publish_at} />
      </p>
      {state.confirm ? (
        <div className="notice notice--warning" role="alert">
          <p>{t('content.confirmText', { languages: state.confirm.missing.map((l) => LOCALE_NAMES[l]).join(', ') })}</p>
          <form method="post" action={act('publish')}>
            <input type="hidden" name="publish_at" value={state.confirm.publishAt} />
            <div className="field field--check">
              <input id="confirm-incomplete" type="checkbox" name="confirm_incomplete" value="true" required />{' '}
              <label htmlFor="confirm-incomplete">{t('content.confirmLabel')}</label>
            </div>
            <button className="btn btn--solid btn--primary" type="submit">
              {state.confirm.publishAt ? t('content.scheduleAnyway') : t('content.publishAnyway')}
            </button>
          </form>
        </div>
      ) : null}
      <div className="console-actions">
        {item.publication !== 'published' ? (
          <form method="post" action={act('publish')}>
            <button className="btn btn--solid btn--primary" type="submit">
              {t('content.publishNow')}
            </button>
          </form>
        ) : null}
        {item.publication && item.publication !== 'draft' ? (
          <form method="post" action={act('unpublish')}>
            <button className="btn btn--outline btn--danger" type="submit">
              {t('content.unpublish')}
            </button>
          </form>
        ) : null}
        <form method="post" action={act('preview')}>
          <button className="btn btn--outline btn--primary" type="submit">
            {t('content.preview')}
          </button>
        </form>
      </div>
      {item.publication !== 'published' ? (
        <form method="post" action={act('publish')} className="console-filter">
          <div className={`field${publishError ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor="publish-at">
              {t('content.scheduleAt')}
            </label>
            <p className="field__hint" id="publish-at-hint">
              {t('content.timeHint')}
            </p>
            {publishError ? (
              <p className="field__error" id="publish-at-error">
                {publishError.message}
              </p>
            ) : null}
            <input
              className="input"
              id="publish-at"
              name="publish_at"
              type="datetime-local"
              required
              defaultValue={state.confirm?.publishAt}
              aria-invalid={publishError ? true : undefined}
              aria-describedby={publishError ? 'publish-at-hint publish-at-error' : 'publish-at-hint'}
            />
          </div>
          <button className="btn btn--outline btn--primary" type="submit">
            {t('content.schedule')}
          </button>
        </form>
      ) : (
        <p>{t('content.liveEdits')}</p>
      )}
      {state.links ? (
        <div className="notice" role="status">
          <p>{t('content.previewText')}</p>
          <ul>
            {LOCALES.filter((l) => state.links?.[l]).map((l) => (
              <li key={l}>
                <a href={state.links![l]} hrefLang={l} target="_blank" rel="noopener noreferrer">
                  {t('content.previewIn', { language: LOCALE_NAMES[l] })}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** An item's screen: its publishing, and its form with what belongs to it. */
export function ItemRecord({
  t,
  lang,
  kind,
  kinds,
  item,
  state,
}: Common & { kind: ContentKind; kinds: Map<string, ContentKind>; item: ContentItem; state: ItemState }) {
  const values = state.values ?? formValues(kind, kinds, item.values, item.children)
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <p>
        <a href={paths.contentKind(lang, kind.kind)}>{t('content.backTo', { kind: kindName(t, kind.kind) })}</a>
      </p>
      <p>
        {t('content.missing')}: <MissingFlags t={t} missing={item.missing} />
      </p>
      <PublishPanel t={t} lang={lang} kind={kind} item={item} state={state} />
      <h2 id="edit">{t('content.edit')}</h2>
      <ItemForm
        t={t}
        lang={lang}
        action={paths.contentItem(lang, kind.kind, item.id)}
        kind={kind}
        kinds={kinds}
        values={values}
        errors={state.errors}
        submit={t('content.save')}
      />
    </>
  )
}

/** A new item's screen. */
export function NewItem({
  t,
  lang,
  kind,
  kinds,
  state,
}: Common & { kind: ContentKind; kinds: Map<string, ContentKind>; state: ItemState }) {
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <p>{t('content.newHint')}</p>
      <ItemForm
        t={t}
        lang={lang}
        action={paths.contentNew(lang, kind.kind)}
        kind={kind}
        kinds={kinds}
        values={state.values ?? {}}
        errors={state.errors}
        submit={t('content.create')}
      />
    </>
  )
}

export const SOCIAL_ROWS = 6

/** The agency's contacts, as the portal's footer and contact page show them. */
export function SiteSettingsForm({
  t,
  lang,
  values,
  problem,
}: Common & { values: Record<string, string>; problem: FormProblem | null }) {
  const errorOf = (id: string) => problem?.fields.find((f) => f.id === id)?.message
  const input = (name: string, type: string, label: ReactNode, inputLang?: Locale) => {
    const id = `s-${name}`
    const error = errorOf(id)
    return (
      <div className={`field${error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <FieldError id={id} error={error} />
        <input
          className="input"
          id={id}
          name={name}
          type={type}
          lang={inputLang}
          maxLength={500}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
    )
  }
  return (
    <>
      <ErrorSummary t={t} problem={problem} />
      <form className="form console-panel" method="post" action={paths.siteSettings(lang)}>
        {input('phone', 'tel', t('content.siteSettings.phone'))}
        {input('email', 'email', t('content.siteSettings.email'))}
        <fieldset className="console-langs">
          <legend>{t('content.siteSettings.address')}</legend>
          <div className="console-langs__columns">
            {LOCALES.map((l) => (
              <div key={l}>{input(`address_${l}`, 'text', <span lang={l}>{LOCALE_NAMES[l]}</span>, l)}</div>
            ))}
          </div>
        </fieldset>
        {input('map_url', 'url', t('content.siteSettings.map'))}
        <fieldset>
          <legend>{t('content.siteSettings.socials')}</legend>
          <p className="field__hint">{t('content.siteSettings.socialsHint')}</p>
          {Array.from({ length: SOCIAL_ROWS }, (_, i) => {
            const error = errorOf(`s-social-${i}`)
            return (
              <div key={i} className={`console-filter${error ? ' field--error' : ''}`}>
                <div className="field">
                  <label className="field__label" htmlFor={`s-network-${i}`}>
                    {t('content.siteSettings.network', { n: i + 1 })}
                  </label>
                  <select
                    className="input input--select"
                    id={`s-network-${i}`}
                    name={`network_${i}`}
                    defaultValue={values[`network_${i}`] ?? ''}
                  >
                    <option value="">{t('content.choose')}</option>
                    {SOCIAL_NETWORKS.map((n) => (
                      <option key={n} value={n}>
                        {known(t, `content.siteSettings.networks.${n}`, humanize(n))}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`s-social-${i}`}>
                    {t('content.siteSettings.link', { n: i + 1 })}
                  </label>
                  <FieldError id={`s-social-${i}`} error={error} />
                  <input
                    className="input"
                    id={`s-social-${i}`}
                    name={`social_${i}`}
                    type="url"
                    maxLength={500}
                    defaultValue={values[`social_${i}`]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `s-social-${i}-error` : undefined}
                  />
                </div>
              </div>
            )
          })}
        </fieldset>
        <div className="form__actions">
          <button className="btn btn--solid btn--primary" type="submit">
            {t('content.save')}
          </button>
        </div>
      </form>
    </>
  )
}
