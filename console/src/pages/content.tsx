/**
 * The editors' screens (docs/architecture.md#content-screens): the kinds of content, each kind's list, the form of an
 * item drawn from the kind's description (uz, ru and en side by side for text in three languages), publishing, and the
 * agency's contacts. Plain forms: files go with the form they belong to, so nothing needs a script.
 */
import type { ReactNode } from 'react'
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../shared/constants'
import type { Translate } from '../../../shared/i18n'
import type {
  ContentField,
  ContentItem,
  ContentKind,
  ContentListItem,
  FieldOption,
  Lang,
  Pageable,
  Publication,
} from '../api'
import { paths } from '../paths'
import { Badge, ErrorSummary, type FormProblem, Pager, Tabs, Time } from '../ui'

type Common = { t: Translate; lang: Locale }

export const PUBLICATIONS = ['all', 'draft', 'scheduled', 'published'] as const
export type PublicationFilter = (typeof PUBLICATIONS)[number]

/** Whether a field has a value per language (the gateway says so; text, long text and rich text do). */
export const isLocalized = (field: ContentField) =>
  field.localized ?? (field.type === 'text' || field.type === 'longtext' || field.type === 'html')

/** The form's columns of a field: `title_uz`, `title_ru`, `title_en` for a localised one, its name otherwise. */
export const columnsOf = (field: ContentField): string[] =>
  isLocalized(field) ? LOCALES.map((l) => `${field.name}_${l}`) : [field.name]

/** A message of the catalogue, or `fallback` when it has none (a field or option the catalogue does not know yet). */
function known(t: Translate, key: string, fallback: string): string {
  const text = t(key)
  return text === key ? fallback : text
}

const humanize = (name: string) => name.replace(/_/g, ' ').replace(/^./, (ch) => ch.toUpperCase())

export const kindName = (t: Translate, kind: string) => known(t, `content.kinds.${kind}`, humanize(kind))
const fieldLabel = (t: Translate, name: string) => known(t, `content.fields.${name}`, humanize(name))

/** How the form names a column: the field, and the language of a localised one. */
export function columnLabel(t: Translate, kind: ContentKind, col: string): string {
  for (const field of kind.fields) {
    if (col === field.name) return fieldLabel(t, field.name)
    const l = LOCALES.find((x) => col === `${field.name}_${x}`)
    if (l) return `${fieldLabel(t, field.name)} (${LOCALE_NAMES[l]})`
  }
  return humanize(col)
}

/** An item's title in the page's language, else the first language that has one. */
export function titleIn(lang: Locale, title: Partial<Record<Lang, string | null>>): string {
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
export function toLocalTime(value: string): string {
  const ms = Date.parse(value)
  if (!/T|\s\d/.test(value) || Number.isNaN(ms)) return value
  return new Date(ms + TASHKENT_OFFSET_MS).toISOString().slice(0, 16)
}

/** An item's stored values as the form's text. */
export function formValues(kind: ContentKind, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of kind.fields) {
    for (const col of columnsOf(field)) {
      const value = values[col]
      if (value === null || value === undefined) out[col] = ''
      else if (typeof value === 'boolean') out[col] = value ? 'true' : ''
      else if (field.type === 'datetime') out[col] = toLocalTime(String(value))
      else out[col] = String(value)
    }
  }
  return out
}

/** The languages an item lacks, as a list of their names in their own language. */
function MissingFlags({ t, missing }: { t: Translate; missing: readonly Lang[] }) {
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

/** One kind's items: by publication, searchable, with the languages each lacks. */
export function ContentList({
  t,
  lang,
  kind,
  publication,
  q,
  items,
  pageable,
}: Common & {
  kind: ContentKind
  publication: PublicationFilter
  q: string
  items: ContentListItem[]
  pageable: Pageable | null
}) {
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
          href: paths.contentKind(lang, kind.kind, { publication: p === 'all' ? undefined : p, q }),
          current: p === publication,
        }))}
      />
      <form className="console-filter" method="get" action={paths.contentKind(lang, kind.kind)} role="search">
        {publication !== 'all' ? <input type="hidden" name="publication" value={publication} /> : null}
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
      <Pager
        t={t}
        pageable={pageable}
        href={(page) =>
          paths.contentKind(lang, kind.kind, { publication: publication === 'all' ? undefined : publication, q, page })
        }
      />
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
  confirm: { missing: Lang[]; publishAt: string } | null
  links: Partial<Record<Lang, string>> | null
}

export const NO_ITEM_STATE: ItemState = {
  values: null,
  errors: {},
  problem: null,
  form: null,
  confirm: null,
  links: null,
}

const fieldId = (col: string) => `f-${col}`

function optionOf(t: Translate, field: ContentField, option: FieldOption): { value: string; label: string } {
  if (typeof option === 'string')
    return { value: option, label: known(t, `content.options.${field.name}.${option}`, humanize(option)) }
  return { value: String(option.id), label: option.label ?? option.title ?? String(option.id) }
}

const INPUT_TYPES: Partial<Record<ContentField['type'], string>> = {
  email: 'email',
  url: 'url',
  phone: 'tel',
  date: 'date',
  datetime: 'datetime-local',
  time: 'time',
}

/** One control of a field (one language's, for a localised one). */
function Control({
  t,
  field,
  col,
  value,
  error,
  describedBy,
  lang,
}: {
  t: Translate
  field: ContentField
  col: string
  value: string
  error?: string
  describedBy: string
  lang?: Lang
}) {
  const id = fieldId(col)
  const common = {
    id,
    name: col,
    lang,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  }
  // A draft may lack a language; the other controls ask the browser for what the gateway requires anyway.
  const required = field.required && !isLocalized(field)
  switch (field.type) {
    case 'longtext':
    case 'html':
      return (
        <textarea
          className="input input--textarea"
          rows={field.type === 'html' ? 12 : 5}
          maxLength={field.max}
          defaultValue={value}
          spellCheck={field.type !== 'html'}
          {...common}
        />
      )
    case 'bool':
      return <input type="checkbox" value="true" defaultChecked={value === 'true'} {...common} />
    case 'choice':
    case 'ref':
      if (field.options?.length)
        return (
          <select className="input input--select" defaultValue={value} required={required} {...common}>
            <option value="">{t('content.choose')}</option>
            {field.options.map((o) => {
              const option = optionOf(t, field, o)
              return (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              )
            })}
          </select>
        )
      return <input className="input" inputMode="numeric" defaultValue={value} required={required} {...common} />
    case 'number':
      return <input className="input" inputMode="decimal" defaultValue={value} required={required} {...common} />
    default:
      return (
        <input
          className="input"
          type={INPUT_TYPES[field.type] ?? 'text'}
          maxLength={field.max}
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
function LocalizedField({
  t,
  field,
  values,
  errors,
}: {
  t: Translate
  field: ContentField
  values: Record<string, string>
  errors: Record<string, string>
}) {
  const hint = field.type === 'html' ? t('content.htmlHint') : null
  const hintId = `f-${field.name}-hint`
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
          const col = `${field.name}_${l}`
          const id = fieldId(col)
          const error = errors[col]
          const empty = !values[col]?.trim()
          const flag = empty && field.required ? `${id}-missing` : ''
          return (
            <div key={l} className={`field${error ? ' field--error' : ''}`}>
              <label className="field__label" htmlFor={id}>
                <span lang={l}>{LOCALE_NAMES[l]}</span>
                {flag ? (
                  <span className="badge badge--waiting" id={flag}>
                    {t('content.notTranslated')}
                  </span>
                ) : null}
              </label>
              <FieldError id={id} error={error} />
              <Control
                t={t}
                field={field}
                col={col}
                lang={l}
                value={values[col] ?? ''}
                error={error}
                describedBy={[hint ? hintId : '', flag, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
              />
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** An image or file: what is stored, a file to replace it, and a way to remove it. */
function UploadField({ t, field, value, error }: { t: Translate; field: ContentField; value: string; error?: string }) {
  const id = fieldId(field.name)
  const hintId = `${id}-hint`
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {fieldLabel(t, field.name)}
      </label>
      <p className="field__hint" id={hintId}>
        {t(field.type === 'image' ? 'content.imageHint' : 'content.fileHint')}
      </p>
      <FieldError id={id} error={error} />
      {/* What is stored (or was uploaded with a form that came back with errors) stays unless replaced. */}
      <input type="hidden" name={field.name} value={value} />
      {value ? (
        <p className="console-upload__current">
          {t('content.currentFile')} <code>{value}</code>{' '}
          <label>
            <input type="checkbox" name={`remove.${field.name}`} value="true" /> {t('content.removeFile')}
          </label>
        </p>
      ) : null}
      <input
        className="input"
        id={id}
        name={`file.${field.name}`}
        type="file"
        accept={field.type === 'image' ? 'image/jpeg,image/png,image/webp' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
    </div>
  )
}

function SingleField({ t, field, value, error }: { t: Translate; field: ContentField; value: string; error?: string }) {
  const id = fieldId(field.name)
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
        <Control t={t} field={field} col={field.name} value={value} error={error} describedBy={describedBy} />{' '}
        <label htmlFor={id}>{label}</label>
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
      <Control t={t} field={field} col={field.name} value={value} error={error} describedBy={describedBy} />
    </div>
  )
}

/** The form of an item, drawn from its kind's fields. */
export function ItemForm({
  t,
  action,
  kind,
  values,
  errors,
  hidden,
  submit,
}: {
  t: Translate
  action: string
  kind: ContentKind
  values: Record<string, string>
  errors: Record<string, string>
  hidden?: Record<string, string>
  submit: string
}) {
  return (
    <form className="form console-panel" method="post" action={action} encType="multipart/form-data">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {kind.fields.map((field) =>
        isLocalized(field) ? (
          <LocalizedField key={field.name} t={t} field={field} values={values} errors={errors} />
        ) : field.type === 'image' || field.type === 'file' ? (
          <UploadField
            key={field.name}
            t={t}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
          />
        ) : (
          <SingleField
            key={field.name}
            t={t}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
          />
        ),
      )}
      <div className="form__actions">
        <button className="btn btn--solid btn--primary" type="submit">
          {submit}
        </button>
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

/** The items that belong to this one (a post's files, a gallery's images, a service's processes and their steps). */
function Children({ t, lang, item, kinds }: Common & { item: ContentItem; kinds: Map<string, ContentKind> }) {
  const entries = Object.entries(item.children ?? {})
  if (!entries.length) return null
  return (
    <>
      {entries.map(([name, rows]) => {
        const child = kinds.get(name)
        return (
          <section key={name} className="console-panel" aria-labelledby={`children-${name}`}>
            <h2 id={`children-${name}`}>{kindName(t, name)}</h2>
            {rows.length ? (
              <ul>
                {rows.map((row) => (
                  <li key={row.id}>
                    <a href={paths.contentItem(lang, name, row.id)}>
                      {(child ? titleOfValues(lang, child, row.values) : '') || t('content.untitled', { id: row.id })}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('list.empty')}</p>
            )}
            <p>
              <a href={paths.contentNew(lang, name, { parent: item.id })}>{t('content.addChild')}</a>
            </p>
          </section>
        )
      })}
    </>
  )
}

/** An item's screen: its form, its publishing and what belongs to it. */
export function ItemRecord({
  t,
  lang,
  kind,
  kinds,
  item,
  state,
}: Common & { kind: ContentKind; kinds: Map<string, ContentKind>; item: ContentItem; state: ItemState }) {
  const values = state.values ?? formValues(kind, item.values)
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <p>
        <a href={paths.contentKind(lang, kind.kind)}>{t('content.backTo', { kind: kindName(t, kind.kind) })}</a>
      </p>
      {kind.publishable ? (
        <p>
          {t('content.missing')}: <MissingFlags t={t} missing={item.missing} />
        </p>
      ) : null}
      {kind.publishable ? <PublishPanel t={t} lang={lang} kind={kind} item={item} state={state} /> : null}
      <h2 id="edit">{t('content.edit')}</h2>
      <ItemForm
        t={t}
        action={paths.contentItem(lang, kind.kind, item.id)}
        kind={kind}
        values={values}
        errors={state.errors}
        submit={t('content.save')}
      />
      <Children t={t} lang={lang} item={item} kinds={kinds} />
    </>
  )
}

/** A new item's screen. */
export function NewItem({
  t,
  lang,
  kind,
  parent,
  state,
}: Common & { kind: ContentKind; parent: { column: string; id: number } | null; state: ItemState }) {
  return (
    <>
      <ErrorSummary t={t} problem={state.problem} />
      <p>{t('content.newHint')}</p>
      <ItemForm
        t={t}
        action={paths.contentNew(lang, kind.kind, parent ? { parent: parent.id } : undefined)}
        kind={kind}
        values={state.values ?? {}}
        errors={state.errors}
        hidden={parent ? { [parent.column]: String(parent.id) } : undefined}
        submit={t('content.create')}
      />
    </>
  )
}

export const SOCIAL_NETWORKS = ['telegram', 'facebook', 'instagram', 'youtube', 'x', 'linkedin'] as const
export const SOCIAL_ROWS = 6

/** The agency's contacts, as the portal's footer and contact page show them. */
export function SiteSettingsForm({
  t,
  lang,
  values,
  problem,
}: Common & { values: Record<string, string>; problem: FormProblem | null }) {
  const errorOf = (id: string) => problem?.fields.find((f) => f.id === id)?.message
  const input = (name: string, type: string, label: ReactNode, inputLang?: Lang) => {
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
