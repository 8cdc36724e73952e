/**
 * The console's frame and the small parts its pages share: the header with the operator and the languages, the
 * screens the operator's role reaches (sections/areas.ts), tabs, the one list screen with its pager, facts, fields and
 * the error summary. Plain HTML: every control is a link or a form, usable by keyboard and screen reader without a
 * script.
 */
import { Fragment, type ReactNode } from 'react'
import { LOCALES, type Locale } from '../../contract/locales'
import type { Pageable } from '../../contract/operators/envelope'
import type { ModerationCounts } from '../../contract/operators/moderation'
import type { Me } from '../../contract/operators/operators'
import { LOCALE_NAMES } from '../../shared/constants'
import type { Translate } from '../../shared/i18n/i18n'
import { paths, switchLanguage } from './paths'
import { reaches, SCREENS, type Screen } from './sections/areas'
import { formatTime } from './time'

export type PageFrame = {
  t: Translate
  lang: Locale
  /** The request's path, for the language links. */
  path: string
  operator: Me
  /** The screen the page belongs to, marked in the navigation. */
  screen: Screen
  title: string
  /** Waiting items per section, shown beside the section's link. */
  counts?: ModerationCounts | null
  /** A one-time confirmation after a form was sent (`?done=`). */
  notice?: string | null
  children: ReactNode
}

/** Numbers in the page's language (Uzbek as Russian writes them, as the portal does: docs/decisions/0010-uzbek-format.md). */
export function formatNumber(lang: Locale, n: number): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 2 }).format(n)
}

export function Time({ iso }: { iso: string | null | undefined }) {
  return iso ? <time dateTime={iso}>{formatTime(iso)}</time> : null
}

/** What waits behind a screen's link, for the navigation's badge. */
function navCount(screen: Screen, counts: ModerationCounts | null | undefined): number | null {
  if (!counts) return null
  if (screen === 'appeals') return counts.appeals.in_moderation
  if (screen === 'projects') return counts.projects.pending
  if (screen === 'registrations') return counts.registrations.pending
  if (screen === 'inbox') return counts.inbox.event
  if (screen === 'enquiries') return counts.enquiries?.counts.new ?? null
  return null
}

const screenPath = (screen: Screen, lang: Locale) => (screen === 'home' ? paths.home(lang) : paths[screen](lang))

export function Layout({ t, lang, path, operator, screen, title, counts, notice, children }: PageFrame) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="console-header">
        <a className="console-header__brand" href={paths.home(lang)}>
          {t('app.name')}
        </a>
        <nav aria-label={t('layout.languages')}>
          <ul className="console-languages">
            {LOCALES.map((l) => (
              <li key={l}>
                <a href={switchLanguage(path, l)} hrefLang={l} lang={l} aria-current={l === lang ? 'true' : undefined}>
                  {LOCALE_NAMES[l]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-header__who">
          <span>
            <strong>{operator.name || operator.email}</strong> · {t(`roles.${operator.role}`)}
          </span>
          <a href={paths.signOut}>{t('layout.signOut')}</a>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={t('layout.sections')}>
          <ul>
            {SCREENS.filter((s) => reaches(operator, s)).map((s) => {
              const count = navCount(s, counts)
              return (
                <li key={s}>
                  <a href={screenPath(s, lang)} aria-current={s === screen ? 'page' : undefined}>
                    <span>{t(`sections.${s}`)}</span>
                    {count ? (
                      <span className="badge badge--waiting">
                        {count}
                        <span className="visually-hidden"> {t('layout.waiting')}</span>
                      </span>
                    ) : null}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
        <main className="console-main" id="main" tabIndex={-1}>
          {notice ? (
            <div className="notice notice--success" role="status">
              <p>{notice}</p>
            </div>
          ) : null}
          <h1>{title}</h1>
          {children}
        </main>
      </div>
    </>
  )
}

/** A page for someone the console does not serve (no valid Access token, no operator, a role too small). */
export function ErrorFrame({
  t,
  lang,
  title,
  children,
}: {
  t: Translate
  lang: Locale
  title: string
  children: ReactNode
}) {
  return (
    <main className="console-error" id="main" lang={lang}>
      <p>{t('app.name')}</p>
      <h1>{title}</h1>
      {children}
    </main>
  )
}

export type Tab = { label: string; href: string; count?: number; current: boolean }

/** Links between a list's states, each with its count. */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="console-tabs">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
              {tab.count !== undefined ? <span>({tab.count})</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Previous and next page links of a list, with where the reader is. */
function Pager({ t, pageable, href }: { t: Translate; pageable: Pageable | null; href: (page: number) => string }) {
  if (!pageable || (pageable.prev === null && pageable.next === null)) return null
  return (
    <nav className="console-pager" aria-label={t('list.pages')}>
      {pageable.prev !== null ? <a href={href(pageable.prev)}>{t('list.previous')}</a> : <span />}
      <span>{t('list.page', { page: pageable.current + 1, total: pageable.total })}</span>
      {pageable.next !== null ? <a href={href(pageable.next)}>{t('list.next')}</a> : <span />}
    </nav>
  )
}

/** A column of a list's table: its heading, what a row shows under it, and the language of that, if it is its own. */
export type Column<T> = { label: string; cell: (item: T) => ReactNode; lang?: (item: T) => string | undefined }

/**
 * The one list screen's body: what comes before the table (tabs, a filter), the table of `items` under its caption (or
 * `empty` when there are none), and the pager. `rowData` puts `data-*` attributes on a row.
 */
export function ListView<T>(props: {
  t: Translate
  head?: ReactNode
  caption: string
  columns: Column<T>[]
  items: readonly T[]
  rowKey: (item: T) => string | number
  rowData?: (item: T) => Record<`data-${string}`, string | number>
  empty?: string
  /** Where the reader is in a paged list, and the address of another page. */
  pageable?: Pageable | null
  href?: (page: number) => string
}) {
  const { t, columns } = props
  return (
    <>
      {props.head}
      {props.items.length === 0 ? (
        <p>{props.empty ?? t('list.empty')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>{props.caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.items.map((item) => (
                <tr key={props.rowKey(item)} {...props.rowData?.(item)}>
                  {columns.map((column) => (
                    <td key={column.label} lang={column.lang?.(item)}>
                      {column.cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.href ? <Pager t={t} pageable={props.pageable ?? null} href={props.href} /> : null}
    </>
  )
}

/** Label–value pairs; empty values are left out. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== '' && value !== null && value !== undefined)
  return (
    <dl className="console-facts">
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

const BADGE_TONE: Record<string, string> = {
  in_moderation: 'waiting',
  pending: 'waiting',
  reviewed: 'brand',
  resolved: 'success',
  approved: 'success',
  handled: 'success',
  not_resolved: 'danger',
  rejected: 'danger',
  open: 'waiting',
  failed: 'danger',
  queued: 'waiting',
}

export function Badge({ state, children }: { state: string; children: ReactNode }) {
  return <span className={`badge badge--${BADGE_TONE[state] ?? 'neutral'}`}>{children}</span>
}

/** A form's error, and each field's, with links to the fields (the portal's error summary, docs/design.md#forms). */
export type FormProblem = { message: string | null; fields: { id: string; message: string }[] }

/** What a record's form shows again after it failed: the problem, what was typed, and which form it was. */
export type FormState = { problem: FormProblem | null; values: Record<string, string>; form: string | null }

export const NO_FORM_STATE: FormState = { problem: null, values: {}, form: null }

export function ErrorSummary({ t, problem }: { t: Translate; problem: FormProblem | null }) {
  if (!problem) return null
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {t('form.problem')}
      </h2>
      <ul className="error-summary__list">
        {problem.message ? <li>{problem.message}</li> : null}
        {problem.fields.map((f) => (
          <li key={f.id}>
            <a href={`#${f.id}`}>{f.message}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A labelled text area, with its error. */
export function TextArea(props: {
  id: string
  name: string
  label: string
  hint?: string
  value?: string
  error?: string
  maxLength: number
  required?: boolean
}) {
  const described = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className={`field${props.error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.hint ? (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
      <textarea
        className="input input--textarea"
        id={props.id}
        name={props.name}
        rows={5}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        defaultValue={props.value}
      />
    </div>
  )
}
