/**
 * The editors' screens (docs/decisions/0030-operator-console.md#content-screens): the kinds of content, each kind's
 * list, an item's screen with its publishing and its form (fields.tsx), and a new item's. Plain forms: files go with
 * the form they belong to, so nothing needs a script.
 */
import type { ReactNode } from 'react'
import { LOCALES, type Locale } from '../../../../contract/locales'
import type { BinItem, ContentItem, ContentKind, ContentListItem } from '../../../../contract/operators/content'
import type { Pageable } from '../../../../contract/operators/envelope'
import type { Publication } from '../../../../contract/operators/values'
import { LOCALE_NAMES } from '../../../../shared/constants'
import type { Translate } from '../../../../shared/i18n/i18n'
import { paths } from '../../paths'
import { Badge, ErrorSummary, type FormProblem, ListView, Tabs, Time } from '../../ui'
import { formScriptData } from './editor'
import { choicesOf, type FieldsCtx, ItemForm } from './fields'
import { formValues } from './form'
import { PUBLICATION_FILTERS, type PublicationFilter } from './kinds'
import { fieldLabel, kindName, titleIn } from './names'

type Common = { t: Translate; lang: Locale }

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

/** Tiles leading to each kind's list. */
function KindTiles({ t, lang, kinds, children }: Common & { kinds: ContentKind[]; children?: ReactNode }) {
  return (
    <ul className="console-tiles">
      {kinds.map((k) => (
        <li key={k.kind}>
          <a className="console-tile" href={paths.contentKind(lang, k.kind)}>
            <span>{kindName(t, k.kind)}</span>
          </a>
        </li>
      ))}
      {children}
    </ul>
  )
}

/**
 * The kinds an editor publishes; the reference data the forms offer and the site settings; the bin for an admin
 * (docs/decisions/0030-operator-console.md#content-screens).
 */
export function ContentHome({ t, lang, kinds, admin }: Common & { kinds: ContentKind[]; admin: boolean }) {
  return (
    <>
      <p>{t('content.intro')}</p>
      <KindTiles t={t} lang={lang} kinds={kinds.filter((k) => k.publishable)}>
        <li>
          <a className="console-tile" href={paths.pageFeedback(lang)}>
            <span>{t('feedback.title')}</span>
          </a>
        </li>
      </KindTiles>
      <h2 id="reference">{t('reference.title')}</h2>
      <p>{t('reference.intro')}</p>
      <KindTiles t={t} lang={lang} kinds={kinds.filter((k) => k.reference)}>
        <li>
          <a className="console-tile" href={paths.siteSettings(lang)}>
            <span>{t('content.siteSettings.title')}</span>
          </a>
        </li>
      </KindTiles>
      {admin ? (
        <p>
          <a href={paths.bin(lang)}>{t('bin.title')}</a>
        </p>
      ) : null}
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
  byInterest = false,
  items,
  pageable,
}: Common & {
  kind: ContentKind
  publication: PublicationFilter
  /** The value of the kind's filter field the list shows, `''` for all. */
  choice: string
  q: string
  /** Most enquiries first (a kind that counts them). */
  byInterest?: boolean
  items: ContentListItem[]
  pageable: Pageable | null
}) {
  const filter = kind.fields.find((f) => f.name === kind.filter && f.options?.length)
  const query = (extra: Record<string, string | number | undefined>) => ({
    publication: publication === 'all' ? undefined : publication,
    ...(filter ? { [filter.name]: choice || undefined } : {}),
    q,
    sort: byInterest ? 'interest' : undefined,
    ...extra,
  })
  const ctx: FieldsCtx = { t, lang, values: {}, errors: {}, prefix: '' }
  const head = (
    <>
      <p>
        <a className="btn btn--solid btn--primary" href={paths.contentNew(lang, kind.kind)}>
          {t('content.new')}
        </a>
      </p>
      {kind.publishable ? (
        <Tabs
          label={t('content.publicationFilter')}
          tabs={PUBLICATION_FILTERS.map((p) => ({
            label: t(`content.publications.${p}`),
            href: paths.contentKind(lang, kind.kind, query({ publication: p === 'all' ? undefined : p })),
            current: p === publication,
          }))}
        />
      ) : (
        <p>{t('reference.liveEdits')}</p>
      )}
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
      {kind.interest ? (
        <Tabs
          label={t('content.order')}
          tabs={(['default', 'interest'] as const).map((order) => ({
            label: t(`content.orders.${order}`),
            href: paths.contentKind(lang, kind.kind, query({ sort: order === 'interest' ? 'interest' : undefined })),
            current: (order === 'interest') === byInterest,
          }))}
        />
      ) : null}
    </>
  )
  return (
    <ListView
      t={t}
      head={head}
      caption={t('content.listCaption', { kind: kindName(t, kind.kind) })}
      columns={[
        {
          label: t('content.itemTitle'),
          cell: (item) => (
            <a href={paths.contentItem(lang, kind.kind, item.id)}>
              {titleIn(lang, item.title) || t('content.untitled', { id: item.id })}
            </a>
          ),
        },
        ...(kind.publishable
          ? [
              {
                label: t('content.state'),
                cell: (item: ContentListItem) => (
                  <PublicationBadge t={t} publication={item.publication} at={item.publish_at} />
                ),
              },
            ]
          : []),
        { label: t('content.missing'), cell: (item) => <MissingFlags t={t} missing={item.missing} /> },
        ...(kind.interest
          ? [
              {
                label: t('content.interest'),
                cell: (item: ContentListItem) => (
                  <a href={paths.enquiries(lang, { project_id: item.id })}>{item.interest ?? 0}</a>
                ),
              },
            ]
          : []),
        { label: t('content.updated'), cell: (item) => <Time iso={item.updated_at} /> },
      ]}
      items={items}
      rowKey={(item) => item.id}
      rowData={(item) => ({ 'data-id': item.id })}
      pageable={pageable}
      href={(page) => paths.contentKind(lang, kind.kind, query({ page }))}
    />
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
      {kind.interest ? (
        <p>
          {t('content.interest')}:{' '}
          <a href={paths.enquiries(lang, { project_id: item.id })}>
            {t('content.interestCount', { count: item.interest ?? 0 })}
          </a>
        </p>
      ) : null}
      {kind.publishable ? <PublishPanel t={t} lang={lang} kind={kind} item={item} state={state} /> : null}
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
        scriptData={formScriptData(lang, kind, kinds, item.id, values)}
      />
      <DeletePanel t={t} lang={lang} kind={kind} item={item} />
    </>
  )
}

/** Deleting an item into the bin; a published one is unpublished first (docs/gateway-contract.md#operator-bin). */
function DeletePanel({ t, lang, kind, item }: Common & { kind: ContentKind; item: ContentItem }) {
  const live = kind.publishable && item.publication !== 'draft'
  return (
    <section className="console-panel" aria-labelledby="delete">
      <h2 id="delete">{t('bin.delete')}</h2>
      {live ? (
        <p>{t('bin.unpublishFirst')}</p>
      ) : (
        <form method="post" action={paths.contentAction(lang, kind.kind, item.id, 'delete')}>
          <p>{t('bin.deleteHint')}</p>
          <button className="btn btn--outline btn--danger" type="submit">
            {t('bin.delete')}
          </button>
        </form>
      )}
    </section>
  )
}

/** What was deleted and is kept for 30 days, each with its restore (admins). */
export function BinList({ t, lang, items, pageable }: Common & { items: BinItem[]; pageable: Pageable | null }) {
  return (
    <ListView
      t={t}
      head={<p>{t('bin.intro')}</p>}
      caption={t('bin.title')}
      columns={[
        { label: t('bin.kind'), cell: (item) => kindName(t, item.kind) },
        {
          label: t('content.itemTitle'),
          cell: (item) => titleIn(lang, item.title) || t('content.untitled', { id: item.item_id }),
        },
        {
          label: t('bin.deletedBy'),
          cell: (item) => (
            <>
              {item.deleted_by.name || item.deleted_by.email}, <Time iso={item.deleted_at} />
            </>
          ),
        },
        { label: t('bin.eraseAfter'), cell: (item) => <Time iso={item.erase_after} /> },
        {
          label: t('bin.restore'),
          cell: (item) => (
            <form method="post" action={paths.binRestore(lang, item.id)}>
              <button className="btn btn--outline btn--primary" type="submit">
                {t('bin.restore')}
              </button>
            </form>
          ),
        },
      ]}
      items={items}
      rowKey={(item) => item.id}
      rowData={(item) => ({ 'data-id': item.id })}
      pageable={pageable}
      href={(page) => paths.bin(lang, { page })}
    />
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
        scriptData={formScriptData(lang, kind, kinds, null, state.values ?? {})}
      />
    </>
  )
}
